package org.primelab.fluid;

import java.util.ArrayList;
import java.util.List;

/**
 * Records the queue trajectories of a fluid run ({@link QueueTrajectories}): the queues of the switch
 * egress links, every half base RTT at first, thinned by two (and the interval doubled) whenever
 * {@link FluidSimulator#MAX_SAMPLES} is reached.
 */
final class QueueSampler {
    private final int[] switchLinks;
    private double sampleInterval;
    private double nextSample;
    private final List<double[]> sampleTimes = new ArrayList<>();
    private final List<float[]> samples = new ArrayList<>();

    /** A sampler of a run under {@code config} that records the links {@code l} with {@code switchLink[l]}. */
    QueueSampler(FluidConfig config, boolean[] switchLink) {
        int sw = 0;
        for (boolean b : switchLink) {
            sw += b ? 1 : 0;
        }
        this.switchLinks = new int[sw];
        for (int l = 0, i = 0; l < switchLink.length; l++) {
            if (switchLink[l]) {
                switchLinks[i++] = l;
            }
        }
        this.sampleInterval = config.baseRttPs() / 2.0;
    }

    /** Whether a sample is due at time {@code t}. */
    boolean due(double t) {
        return t >= nextSample;
    }

    /** Samples {@code queue} (bytes, by link) at time {@code t}. */
    void sample(double t, double[] queue) {
        if (samples.size() == FluidSimulator.MAX_SAMPLES) {
            int half = FluidSimulator.MAX_SAMPLES / 2;
            for (int i = 0; i < half; i++) {
                samples.set(i, samples.get(2 * i));
                sampleTimes.set(i, sampleTimes.get(2 * i));
            }
            samples.subList(half, FluidSimulator.MAX_SAMPLES).clear();
            sampleTimes.subList(half, FluidSimulator.MAX_SAMPLES).clear();
            sampleInterval *= 2;
        }
        float[] row = new float[switchLinks.length];
        for (int i = 0; i < switchLinks.length; i++) {
            row[i] = (float) queue[switchLinks[i]];
        }
        samples.add(row);
        sampleTimes.add(new double[] {t});
        nextSample = t + sampleInterval;
    }

    /** The samples taken so far. */
    QueueTrajectories trajectories() {
        double[] times = new double[sampleTimes.size()];
        float[][] rows = new float[samples.size()][];
        for (int i = 0; i < times.length; i++) {
            times[i] = sampleTimes.get(i)[0];
            rows[i] = samples.get(i);
        }
        return new QueueTrajectories(times, switchLinks.clone(), rows);
    }
}
