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

    /** FCTs whose sum overflows a long (days behind an RTO of hours) still average exactly, never negative. */
    @Test
    void theMeanOfFctsWhoseSumOverflowsALongIsExact() {
        long big = Long.MAX_VALUE / 2 + 12_345;
        FctStatistics s = FctStatistics.of(new long[] {big, big, big, 7});
        assertEquals((3.0 * big + 7) / 4, s.meanPs(), Math.ulp(3.0 * big / 4));
        assertEquals(Long.MAX_VALUE, FctStatistics.of(new long[] {Long.MAX_VALUE, Long.MAX_VALUE}).meanPs());
        long[] fits = {Long.MAX_VALUE / 4, Long.MAX_VALUE / 4, 3};
        assertEquals(LongStream.of(fits).average().orElseThrow(), FctStatistics.of(fits).meanPs(),
                "while the sum fits, LongStream's average, bit for bit");
    }
}
