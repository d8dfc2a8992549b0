package org.primelab.core.workload.htsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;

class CmRoundTripProperties {
    private static final long QT_SEED = 0x434d_5254L;   // "CMRT"

    @Test
    void writeThenReadGivesTheSameMatrixForRandomWorkloadsWithTriggers() {
        qt().withFixedSeed(QT_SEED).withExamples(400).forAll(longs().all()).checkAssert(seed -> {
            ConnectionMatrix cm = RandomMatrices.draw(seed);
            String text = CmWriter.format(cm);
            ConnectionMatrix back = CmReader.parse("random.cm", text, null);
            assertEquals(cm, back, text);
            assertEquals(text, CmWriter.format(back), "writing is a function of the matrix");
        });
    }

    @Test
    void theGeneratorCoversEveryTriggerKindAndStartGrain() {
        boolean[] kinds = new boolean[3];
        boolean fractional = false;
        boolean noId = false;
        for (long seed = 0; seed < 200; seed++) {
            ConnectionMatrix cm = RandomMatrices.draw(seed);
            cm.workload().triggers().forEach(t -> kinds[t.kind().ordinal()] = true);
            fractional |= cm.workload().flows().stream().anyMatch(f -> f.startPs() % 1_000_000 != 0);
            noId |= cm.flowIds().contains(ConnectionMatrix.NO_ID);
        }
        assertEquals(true, kinds[0] && kinds[1] && kinds[2] && fractional && noId);
    }
}
