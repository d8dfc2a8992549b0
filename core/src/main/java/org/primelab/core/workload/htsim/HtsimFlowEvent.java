package org.primelab.core.workload.htsim;

/**
 * One flow line of htsim's standard output: {@code Flow Uec_SRC_DST flowId N ... starting at T} or
 * {@code ... finished at T}. htsim prints {@code T} in microseconds with the stream's default 6
 * significant digits, so the printed time is the true time rounded: {@code timePs} is the printed
 * value exactly, within {@code roundingPs} of the true time.
 *
 * @param flowId the flow's id, as the connection matrix gave it ({@code id I})
 * @param name htsim's flow name, e.g. {@code Uec_49_100}
 * @param src source host parsed from the name, or -1 if the name has another form
 * @param dst destination host parsed from the name, or -1
 * @param timePs the printed time in picoseconds
 * @param roundingPs half a unit of the last of the 6 significant digits, in picoseconds
 * @param line the line of the output it was read from (1-based)
 */
public record HtsimFlowEvent(int flowId, String name, int src, int dst, long timePs, long roundingPs, int line) {
}
