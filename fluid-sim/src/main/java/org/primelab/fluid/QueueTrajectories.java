package org.primelab.fluid;

/**
 * Sampled queue occupancies of a fluid run: {@code bytes[s][i]} is the queue of directed link
 * {@code links[i]} at time {@code timesPs[s]}. Only switch egress links are recorded (a host NIC has no
 * queue in the model). Samples are taken every half a base RTT ({@code QueueSampler}) and thinned by two
 * whenever {@link FluidSimulator#MAX_SAMPLES} is reached, so long runs stay small.
 *
 * @param timesPs sample times
 * @param links the recorded links
 * @param bytes occupancy per sample and link, bytes
 */
public record QueueTrajectories(double[] timesPs, int[] links, float[][] bytes) {
}
