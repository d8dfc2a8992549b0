package org.primelab.core.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class FctStatisticsTest {

    @Test
    void noFlowsGiveZeros() {
        assertEquals(new FctStatistics(0, 0, 0), FctStatistics.of(new long[0]));
    }

    @Test
    void maxMeanAndNearestRankP99() {
        long[] f = LongStream.rangeClosed(1, 200).map(i -> 201 - i).toArray();   // 200 .. 1, unsorted
        long[] copy = f.clone();
        FctStatistics s = FctStatistics.of(f);
        assertEquals(200, s.maxPs());
        assertEquals(100.5, s.meanPs());
        assertEquals(198, s.p99Ps());          // ceil(0.99 * 200) = 198th smallest
        assertArrayEquals(copy, f);            // the input is left as it was
    }

    @Test
    void smallRunsTakeTheLargest() {
        FctStatistics s = FctStatistics.of(new long[] {7, 3, 5});
        assertEquals(7, s.p99Ps());            // ceil(0.99 * 3) = 3rd smallest
        assertEquals(5.0, s.meanPs());
    }
}
