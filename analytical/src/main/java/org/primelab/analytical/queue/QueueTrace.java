package org.primelab.analytical.queue;

/**
 * Outcome of one run of the batched queue model.
 *
 * @param scheme how senders chose ports
 * @param ports {@code n} (also the number of senders)
 * @param steps steps simulated
 * @param maxOccupancy largest {@code Q = backlog before the step + arrivals} seen at any port (it counts the
 *                     packet served in that step)
 * @param maxBacklog largest backlog left after a step's service, {@code max(Q - 1, 0)}
 * @param finalBacklogMax largest backlog at the end of the run
 * @param load the probability that a sender sends in a step (1: full load)
 * @param meanWait packets ahead of an arriving packet (the port's backlog plus the step's earlier arrivals there),
 *                 averaged over the arrivals after the first tenth of the steps
 */
public record QueueTrace(SprayScheme scheme, int ports, long steps, int maxOccupancy, int maxBacklog,
                         int finalBacklogMax, double load, double meanWait) {
}
