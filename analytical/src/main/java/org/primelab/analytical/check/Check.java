package org.primelab.analytical.check;

/**
 * The checks {@code prime check} makes on another simulator's results, each named by the bound it
 * holds the results to, with what usually breaks it.
 */
public enum Check {
    /** Every flow of the workload completes exactly once. */
    PRESENCE("every flow present exactly once",
            "dropped or unfinished flows (a run cut short, e.g. htsim's -end), or results of another workload"),
    /** Every flow takes at least its lone time on an idle fabric. */
    LONE_PATH("lone-path ideal (CollectiveIdeal.loneAnyRoutePs)",
            "a faster link rate or shorter delay than simulated (wrong rate), a shorter path (wrong topology),"
                    + " or a wrong start time"),
    /** The last completion comes no earlier than the workload's ideal completion time. */
    WORKLOAD_IDEAL("workload ideal",
            "a faster link rate than simulated (wrong rate), more hosts or links than simulated (wrong topology),"
                    + " or missing traffic (dropped flows)"),
    /** The k-th completion through a host's link comes no earlier than those k flows take to cross it. */
    HOST_LINK("host link (k-th completion at a host >= first start + k flows' serialization)",
            "a faster link rate than simulated (wrong rate), traffic of a host split over several links (wrong"
                    + " topology), or flows that did not send all their bytes"),
    /** A flow that waits on a trigger completes no earlier than the trigger can fire plus its lone time. */
    TRIGGER("trigger order (earliest firing + lone time)",
            "a flow started before its trigger fired: another trigger semantics (send-done vs receive-done,"
                    + " one-shot vs barrier), or the wrong flow ids"),
    /** Uplink packet counts stay within the named scheme's distribution. */
    PORT_BALANCE("uplink balance (the scheme's busiest-port model, 99.9% over all switches)",
            "another load balancer than named, counts of another switch or workload, or counts that leave out a"
                    + " port or the retransmissions");

    private final String bound;
    private final String usualCause;

    Check(String bound, String usualCause) {
        this.bound = bound;
        this.usualCause = usualCause;
    }

    /** The bound's name, as printed. */
    public String bound() {
        return bound;
    }

    /** What usually makes results fail this check. */
    public String usualCause() {
        return usualCause;
    }

    /** The lower-case name used in JSON. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
