package org.primelab.sweep.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every quantitative claim of the paper's evaluation text (§"Evaluation", "Results", and the numbers
 * the abstract and conclusion repeat), each with the rule that checks it on the figures' results.
 * Thresholds that the paper leaves vague are ours and stated: "close to optimal" is a Ratio of at most
 * {@link #CLOSE_TO_OPTIMAL}; "similar" / "comparable" is within {@link #SIMILAR} (PRIME vs OB) or
 * {@link #COMPARABLE} (AR, REPS, OB under degradation); a claimed percentage is reproduced within
 * {@link #GAIN_TOLERANCE} of our seed range ({@link #ABOUT_TOLERANCE} for "around").
 */
public final class PaperClaims {
    /** Ratio counted as "close to optimal" (our reading; the paper gives no number). */
    public static final double CLOSE_TO_OPTIMAL = 1.10;
    /** Relative difference counted as "similar" (PRIME vs OB in permutation). */
    public static final double SIMILAR = 0.05;
    /** Relative difference counted as "comparable" (AR, REPS, OB under degradation). */
    public static final double COMPARABLE = 0.10;
    /** Widening of our seed range when checking a claimed percentage: 2 points. */
    public static final double GAIN_TOLERANCE = 0.02;
    /** Widening for a percentage the paper gives as "around": 5 points. */
    public static final double ABOUT_TOLERANCE = 0.05;

    /** Sweep directories of the figures the claims read. */
    public static final String PERM2 = "permutation-2tier";
    public static final String PERM3 = "permutation-3tier";
    public static final String FCT_BUFFERS = PERM3;
    public static final String FAILURE = "link-failure";
    public static final String DEGRADATION = "link-degradation";
    public static final String MIXED = "mixed-traffic";

    private static final String SYM = "§Evaluation, Symmetric network conditions";
    private static final String ASYM = "§Evaluation, Asymmetric network conditions";
    private static final List<Object> WRR = List.of("wrr:0.5", "wrr:0.66", "wrr:0.8");

    private PaperClaims() {
    }

    /** The claims, in the paper's order. */
    public static List<Claim> all() {
        List<Claim> c = new ArrayList<>();
        Map<String, Object> case15 = Map.of("tiers", 3, "rate_gbps", 800, "flow_size_bytes", 2_000_000);
        for (String other : List.of("reps", "ar")) {
            c.add(new Claim("perm-15pct-vs-" + other, SYM + "; abstract; conclusion",
                    "PRIME's maximum improvement: up to 15% vs " + other.toUpperCase() + " in the 3-tier topology (2 MB at 800 Gbps)",
                    "15% lower Ratio", PERM3,
                    new RelativeGain(case15, "ratio", "prime", other, RelativeGain.Form.REDUCTION, 0.15, GAIN_TOLERANCE)));
        }
        for (int tiers : List.of(2, 3)) {
            String fig = tiers == 2 ? PERM2 : PERM3;
            c.add(new Claim("perm-outperforms-" + tiers + "tier", SYM,
                    "PRIME consistently outperforms the other schemes (" + tiers + "-tier), all flow sizes and bandwidths",
                    "PRIME lowest Ratio in every case (OB excepted: called similar)", fig,
                    new Comparison(Map.of("tiers", tiers), List.of("rate_gbps", "flow_size_bytes"), "scheme", "prime", List.of(),
                            List.of("co-prime"), "ratio", true)));
            c.add(new Claim("perm-within-5pct-" + tiers + "tier", SYM,
                    "for 16 and 32 MB, PRIME is less than 5% from the ideal at 400 and 800 Gbps (" + tiers + "-tier)",
                    "Ratio <= 1.05", fig,
                    new Bound(Map.of("tiers", tiers, "scheme", "prime", "flow_size_bytes", List.of(16_000_000, 32_000_000),
                            "rate_gbps", List.of(400, 800)), "ratio", 1.05)));
            c.add(new Claim("perm-large-near-optimal-" + tiers + "tier", SYM,
                    "for 16 and 32 MB all methods show Ratios close to optimal (" + tiers + "-tier)",
                    "Ratio close to 1 (we check <= " + CLOSE_TO_OPTIMAL + ")", fig,
                    new Bound(Map.of("tiers", tiers, "scheme", List.of("prime", "co-prime", "reps", "ar"),
                            "flow_size_bytes", List.of(16_000_000, 32_000_000)), "ratio", CLOSE_TO_OPTIMAL)));
            c.add(new Claim("perm-small-flows-worse-at-800g-" + tiers + "tier", SYM,
                    "as bandwidth rises from 100 to 800 Gbps, flows under 8 MB see higher Ratios (" + tiers + "-tier)",
                    "Ratio(800G) > Ratio(100G) for 2 and 4 MB", fig,
                    new Comparison(Map.of("tiers", tiers, "flow_size_bytes", List.of(2_000_000, 4_000_000)),
                            List.of("scheme", "flow_size_bytes"), "rate_gbps", 800, List.of(100), List.of(), "ratio", false)));
            c.add(new Claim("perm-prime-ob-similar-" + tiers + "tier", SYM,
                    "PRIME and OB give consistently similar results in permutation (" + tiers + "-tier)",
                    "similar Ratio (we check within " + RowSet.pct(SIMILAR) + ")", fig,
                    new Similar(Map.of("tiers", tiers), List.of("rate_gbps", "flow_size_bytes"), List.of("prime", "co-prime"),
                            "ratio", SIMILAR)));
        }
        c.add(new Claim("perm-bandwidth-helps-3tier", SYM,
                "all methods benefit from increased bandwidth, particularly in 3-tier topologies",
                "Ratio(800G) < Ratio(100G)", PERM3,
                new Comparison(Map.of("tiers", 3), List.of("scheme", "flow_size_bytes"), "rate_gbps", 800, List.of(100), List.of(),
                        "ratio", true)));
        Map<String, Object> case8 = Map.of("tiers", 3, "rate_gbps", 800, "flow_size_bytes", 8_000_000);
        c.add(new Claim("fct-average", SYM, "PRIME enhances the average FCT compared to REPS and AR (3-tier, 800 Gbps, 8 MB)",
                "lower mean FCT", FCT_BUFFERS,
                new Comparison(case8, List.of(), "scheme", "prime", List.of("reps", "ar"), List.of(), "mean_fct_us", true)));
        c.add(new Claim("fct-tail", SYM, "PRIME improves the tail latency (max FCT) compared to REPS and AR (same case)",
                "lower max FCT", FCT_BUFFERS,
                new Comparison(case8, List.of(), "scheme", "prime", List.of("reps", "ar"), List.of(), "max_fct_us", true)));
        c.add(new Claim("buffer-distribution", SYM,
                "PRIME exhibits significantly lower queue depths than REPS and AR (distribution over ports, same case)",
                "lower queue depths", FCT_BUFFERS,
                new Comparison(case8, List.of(), "scheme", "prime", List.of("reps", "ar"), List.of(), "port_max_pkts_p50", true)));
        c.add(new Claim("buffer-peak", SYM, "PRIME's largest queue depth is lower than REPS's and AR's (same case)",
                "lower queue depth (the paper's metric: highest queue depth)", FCT_BUFFERS,
                new Comparison(case8, List.of(), "scheme", "prime", List.of("reps", "ar"), List.of(), "max_queue_pkts", true)));
        c.add(new Claim("buffer-average", SYM,
                "PRIME maintains a consistently lower average buffer occupancy (the text says REPS, which contradicts the rest of the paragraph)",
                "lower average queue depth", FCT_BUFFERS,
                new Comparison(case8, List.of(), "scheme", "prime", List.of("reps", "ar"), List.of(), "mean_queue_pkts", true)));
        c.add(new Claim("failure-prime-lowest", ASYM, "with two failed links, PRIME consistently achieves the lowest Ratio",
                "lowest Ratio", FAILURE,
                new Comparison(Map.of(), List.of(), "scheme", "prime", List.of(), List.of(), "ratio", true)));
        c.add(new Claim("failure-ob-highest", ASYM, "with two failed links, OB displays the highest Ratio", "highest Ratio", FAILURE,
                new Comparison(Map.of(), List.of(), "scheme", "co-prime", List.of(), List.of(), "ratio", false)));
        c.add(new Claim("failure-ob-20pct", ASYM, "with two failed links, OB has around 20% higher Ratio than PRIME",
                "+20% Ratio (around)", FAILURE,
                new RelativeGain(Map.of(), "ratio", "prime", "co-prime", RelativeGain.Form.INCREASE, 0.20, ABOUT_TOLERANCE)));
        c.add(new Claim("degradation-27pct", ASYM + "; abstract; conclusion",
                "25% of links degraded to 100G: around 27% improvement vs REPS for 4 MB flows", "27% lower Ratio", DEGRADATION,
                new RelativeGain(Map.of("flow_size_bytes", 4_000_000), "ratio", "prime", "reps", RelativeGain.Form.REDUCTION, 0.27,
                        ABOUT_TOLERANCE)));
        c.add(new Claim("degradation-outperforms", ASYM, "under degradation PRIME consistently outperforms the others at every flow size",
                "lowest Ratio", DEGRADATION,
                new Comparison(Map.of(), List.of("flow_size_bytes"), "scheme", "prime", List.of(), List.of(), "ratio", true)));
        c.add(new Claim("degradation-others-comparable", ASYM, "under degradation AR, REPS and OB exhibit comparable, moderate performance",
                "comparable Ratios (we check within " + RowSet.pct(COMPARABLE) + ")", DEGRADATION,
                new Similar(Map.of(), List.of("flow_size_bytes"), List.of("ar", "reps", "co-prime"), "ratio", COMPARABLE)));
        c.add(new Claim("mixed-sp-best-for-ecmp", ASYM, "ECMP traffic has its lowest max FCT under strict priority (PRIME and REPS)",
                "ECMP max FCT lowest with SP", MIXED,
                new Comparison(Map.of(), List.of("scheme"), "opt_sched", "sp", List.of(), List.of(), "ecmp_max_fct_us", true)));
        c.add(new Claim("mixed-sp-hurts-sprayed", ASYM, "under strict priority sprayed packets can be starved by ECMP packets, which affects their FCT",
                "sprayed max FCT highest with SP", MIXED,
                new Comparison(Map.of(), List.of("scheme"), "opt_sched", "sp", List.of(), List.of(), "sprayed_max_fct_us", false)));
        c.add(new Claim("mixed-prime-insensitive-to-weight", ASYM,
                "as the WRR weight of ECMP rises, PRIME's sprayed traffic is not impacted much, REPS's is largely affected",
                "smaller change of sprayed max FCT over WRR 50/66/80% for PRIME", MIXED,
                new SpreadComparison(Map.of("opt_sched", WRR), "opt_sched", "sprayed_max_fct_us", "prime", "reps")));
        c.add(new Claim("mixed-wrr50-worst-for-ecmp", ASYM, "with WRR 50%, ECMP flows see the largest degradation",
                "ECMP max FCT highest with WRR 50%", MIXED,
                new Comparison(Map.of(), List.of("scheme"), "opt_sched", "wrr:0.5", List.of(), List.of(), "ecmp_max_fct_us", false)));
        c.add(new Claim("mixed-prime-better-sprayed", ASYM, "under every scheduling, sprayed traffic fares better with PRIME than with REPS",
                "lower sprayed max FCT with PRIME", MIXED,
                new Comparison(Map.of(), List.of("opt_sched"), "scheme", "prime", List.of("reps"), List.of(), "sprayed_max_fct_us", true)));
        c.add(new Claim("mixed-prime-better-ecmp", ASYM, "under every scheduling, ECMP traffic fares better when the sprayed traffic uses PRIME",
                "lower ECMP max FCT with PRIME", MIXED,
                new Comparison(Map.of(), List.of("opt_sched"), "scheme", "prime", List.of("reps"), List.of(), "ecmp_max_fct_us", true)));
        return List.copyOf(c);
    }
}
