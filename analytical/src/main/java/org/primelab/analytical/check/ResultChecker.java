package org.primelab.analytical.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.primelab.analytical.fct.CollectiveIdeal;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.analytical.fct.IdealMaxFct;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.metrics.FctConvention;
import org.primelab.core.topology.Faults;
import org.primelab.core.units.Units;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Trigger;
import org.primelab.core.workload.Workload;
import org.primelab.core.workload.htsim.ConnectionMatrix;

/**
 * Holds another simulator's per-flow results to this project's proven lower bounds ({@code prime check}).
 * Every bound is a lower bound that no correct simulation of the same fabric and workload can beat, so
 * a result below one is evidence that the two tools did not simulate the same thing. Printed times are
 * rounded; each comparison grants the reported value its rounding ({@link Completion#roundingPs}).
 *
 * <p>With {@code h} the links of a flow's path, {@code H} the header bytes, {@code d} the propagation
 * delay and {@code L} the lone time of {@link CollectiveIdeal#loneAnyRoutePs} (the earliest a flow can be
 * received on an idle fabric, whatever paths its packets take), and {@code A = h (ser(H) + d)} the
 * return of a header-sized ACK over the same number of links:
 * <ul>
 *   <li>{@link Check#PRESENCE}: each flow of the workload is reported exactly once.</li>
 *   <li>{@link Check#LONE_PATH}: a flow's reported FCT is at least {@code L} (receiver convention) or
 *       {@code L + A} (sender convention: the last ACK must travel back). Faults only slow flows down,
 *       so the bound holds with them. A flow with a fixed start in the workload starts then, whatever
 *       start the report gives: it may not be reported starting earlier, nor completing before that
 *       start plus {@code L} ({@code + A}).</li>
 *   <li>{@link Check#WORKLOAD_IDEAL}: the last reported completion (n/a when some flow's completion moment
 *       is unknown: a triggered flow reported by FCT alone) is at least the workload's ideal
 *       completion time: {@link CollectiveIdeal} (dependency critical path, host egress and ingress),
 *       and with failed or degraded links and no dependencies also the earliest start plus
 *       {@link IdealMaxFct} (the certified maximum-concurrent-flow bound with the faults); in the sender
 *       convention plus the smallest {@code A} of any flow (the last flow received still needs its ACK
 *       back).</li>
 *   <li>{@link Check#TRIGGER}: a flow that waits on a trigger starts no earlier than the trigger can
 *       fire. A trigger's {@code k}-th activation ({@code k} = 1 for a one-shot, its count for a barrier,
 *       the rank of the waiting flow for a multi-shot) comes no earlier than the {@code k}-th smallest
 *       of its activators' earliest completions; a completion's earliest moment is the larger of the
 *       reported one (a send-done is the sender-side completion, a receive-done the receiver-side one; a
 *       reported receiver-side completion plus {@code A} bounds the send-done) and the lone-time play
 *       of {@link CollectiveIdeal}. htsim prints no start for a triggered flow, so from completions
 *       only the check is: completion {@code >=} earliest firing {@code + L} ({@code + A} at the sender);
 *       when a start is reported, also start {@code >=} earliest firing.</li>
 * </ul>
 * {@link Check#HOST_LINK}: the {@code k}-th completion through a host's link is at least the earliest start of
 * those {@code k} flows plus their serialization and one propagation delay ({@code hostLinks}). Uplink balance
 * ({@link Check#PORT_BALANCE}) is {@link PortBalance}'s. Beside the checks, {@link UnitPlausibility} warns, without
 * failing anything, when every reported FCT is so far above its lone-path bound that the times are likely in the
 * wrong unit ({@link CheckReport#warnings}).
 */
public final class ResultChecker {
    private ResultChecker() {
    }

    /**
     * Checks {@code results} of the workload of {@code cm} on {@code fabric} with {@code faults}
     * (the matrix's failures included), completions measured in {@code convention}.
     *
     * @param portBalance the outcome of the uplink-balance check ({@link PortBalance#check})
     * @throws IllegalArgumentException if a completion names a flow beyond the workload
     */
    public static CheckReport check(ConnectionMatrix cm, FabricParameters fabric, Faults faults,
                                    ReportedResults results, FctConvention convention, CheckOutcome portBalance) {
        Workload w = cm.workload();
        int n = w.size();
        for (Completion c : results.completions()) {
            if (c.flow() >= n) {
                throw new IllegalArgumentException(c.where() + ": flow " + c.flow() + " is not in the workload of "
                        + n + " flows");
            }
        }
        boolean sender = convention == FctConvention.SENDER;
        long[] ack = new long[n];
        long[] loneBound = new long[n];     // a flow's least FCT in the convention: L, or L + A at the sender
        for (Flow f : w.flows()) {
            int hops = 2 + 2 * fabric.tree().upHops(f.src(), f.dst());
            ack[f.id()] = FctConvention.ackReturnPs(fabric, hops);
            loneBound[f.id()] = CollectiveIdeal.loneAnyRoutePs(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes(),
                    fabric.linkRateBps(), fabric.propagationPs(), hops) + (sender ? ack[f.id()] : 0);
        }
        CollectiveIdeal.Result ideal = CollectiveIdeal.compute(w, fabric);
        Completion[] first = new Completion[n];
        int[] count = new int[n];
        for (Completion c : results.completions()) {
            if (count[c.flow()]++ == 0) {
                first[c.flow()] = c;
            } else if (c.hasEnd() && first[c.flow()].hasEnd() && c.endPs() < first[c.flow()].endPs()) {
                first[c.flow()] = c;       // the earliest of duplicates, the benefit of the doubt for later checks
            }
        }
        // the last completion is known only when every reported flow's completion moment is: a triggered flow
        // reported by its FCT alone may end after the latest known moment (review 40, D2)
        Completion last = null;
        int withoutEnd = 0;
        long max = Completion.UNKNOWN;
        double sum = 0;
        int withFct = 0;
        for (Completion c : first) {
            if (c == null) {
                continue;
            }
            if (!c.hasEnd()) {
                withoutEnd++;
            } else if (last == null || c.endPs() > last.endPs()) {
                last = c;
            }
            if (c.hasFct()) {
                max = Math.max(max, c.fctPs());
                sum += c.fctPs();
                withFct++;
            }
        }
        List<CheckOutcome> outcomes = new ArrayList<>();
        outcomes.add(presence(cm, results, count, first));
        outcomes.add(lonePath(cm, first, loneBound, sender));
        long[] idealOut = new long[1];
        String[] idealSource = new String[1];
        outcomes.add(workloadIdeal(cm, fabric, faults, last, withoutEnd, ideal, ack, sender, idealOut, idealSource));
        outcomes.add(hostLinks(cm, fabric, first));
        outcomes.add(triggers(cm, first, ideal, loneBound, ack, sender));
        outcomes.add(portBalance);
        String units = UnitPlausibility.warning(cm, first, loneBound);
        return new CheckReport(convention, outcomes, idealOut[0], idealSource[0],
                last == null || withoutEnd > 0 ? Completion.UNKNOWN : last.endPs(), max,
                withFct == 0 ? Double.NaN : sum / withFct, withFct, units == null ? List.of() : List.of(units));
    }

    /** How {@code prime check} names flow {@code flow}: its file id and endpoints. */
    public static String flowName(ConnectionMatrix cm, int flow) {
        Flow f = cm.workload().flow(flow);
        int id = cm.flowId(flow);
        return (id == ConnectionMatrix.NO_ID ? "flow #" + (flow + 1) + " (no id)" : "flow id " + id)
                + " (" + f.src() + "->" + f.dst() + ")";
    }

    private static CheckOutcome presence(ConnectionMatrix cm, ReportedResults results, int[] count, Completion[] first) {
        List<Finding> failures = new ArrayList<>();
        for (int f = 0; f < count.length; f++) {
            if (count[f] == 0) {
                failures.add(new Finding(Check.PRESENCE, flowName(cm, f), 0, 1, "completions",
                        "no completion reported in " + results.source()));
            } else if (count[f] > 1) {
                failures.add(new Finding(Check.PRESENCE, flowName(cm, f), count[f], 1, "completions",
                        "reported " + count[f] + " times, first at " + first[f].where()));
            }
        }
        return new CheckOutcome(Check.PRESENCE, count.length, failures,
                results.completions().size() + " completions reported for " + count.length + " flows");
    }

    private static CheckOutcome lonePath(ConnectionMatrix cm, Completion[] first, long[] loneBound, boolean sender) {
        List<Finding> failures = new ArrayList<>();
        int checked = 0;
        for (int f = 0; f < first.length; f++) {
            Completion c = first[f];
            if (c == null || !c.hasFct() && !c.hasEnd()) {
                continue;
            }
            checked++;
            long bound = loneBound[f];
            Flow flow = cm.workload().flow(f);
            // a flow with a fixed start starts then, whatever start the report gives (review 40, D5)
            boolean fixed = !flow.startsOnTrigger();
            if (fixed && c.hasStart() && c.startPs() + c.roundingPs() < flow.startPs()) {
                failures.add(new Finding(Check.LONE_PATH, flowName(cm, f), us(c.startPs()), us(flow.startPs()), "us",
                        "starts before the workload starts it (" + c.where() + ")"));
            } else if (c.hasFct() && c.fctPs() + 2 * c.roundingPs() < bound) {
                failures.add(new Finding(Check.LONE_PATH, flowName(cm, f), us(c.fctPs()), us(bound), "us",
                        "FCT below the flow's lone time" + (sender ? " plus its ACK's return" : "") + " ("
                                + c.where() + ")"));
            } else if (fixed && c.hasEnd() && c.endPs() + c.roundingPs() < flow.startPs() + bound) {
                failures.add(new Finding(Check.LONE_PATH, flowName(cm, f), us(c.endPs()), us(flow.startPs() + bound),
                        "us", "completes before its start in the workload plus its lone time"
                        + (sender ? " and its ACK's return" : "") + " (" + c.where() + ")"));
            }
        }
        return new CheckOutcome(Check.LONE_PATH, checked, failures, checked == first.length ? "every reported FCT"
                : "flows with a known duration (" + checked + " of " + first.length + "); triggered flows without a"
                + " reported start are checked under trigger order");
    }

    /**
     * {@link Check#WORKLOAD_IDEAL} of {@code last}, the latest reported completion moment (null if none), with
     * {@code withoutEnd} flows reported without one.
     */
    private static CheckOutcome workloadIdeal(ConnectionMatrix cm, FabricParameters fabric, Faults faults,
                                              Completion last, int withoutEnd, CollectiveIdeal.Result ideal,
                                              long[] ack, boolean sender, long[] idealOut, String[] sourceOut) {
        Workload w = cm.workload();
        long bound = ideal.idealPs();
        String source = "CollectiveIdeal (" + ideal.binding().name().toLowerCase(Locale.ROOT) + ")";
        if (!faults.isEmpty() && !w.hasDependencies()) {
            long earliest = w.flows().stream().mapToLong(Flow::startPs).min().orElse(0);
            long mcf = earliest + IdealMaxFct.lastCompletionFromEarliestStart(fabric, faults, w.flows());
            if (mcf > bound) {
                bound = mcf;
                source = "IdealMaxFct (maximum concurrent flow with the faults)";
            }
        }
        if (sender) {
            long critical = 0;      // each flow's own ACK return after its earliest receipt
            for (int f = 0; f < ack.length; f++) {
                critical = Math.max(critical, ideal.earliestReceivePs()[f] + ack[f]);
            }
            long throughput = Math.max(bound == ideal.idealPs() ? Math.max(ideal.egressPs(), ideal.ingressPs()) : bound,
                    0) + Arrays.stream(ack).min().orElse(0);
            if (critical >= throughput) {
                bound = critical;
                source = "CollectiveIdeal (dependencies, each flow's ACK return added)";
            } else {
                bound = throughput;
                source += " + the shortest ACK return";
            }
        }
        idealOut[0] = bound;
        sourceOut[0] = source;
        if (withoutEnd > 0) {
            // the last completion may be among them: the latest known one is no bound on the workload's (review 40, D2)
            return new CheckOutcome(Check.WORKLOAD_IDEAL, 0, List.of(), "the completion moment of " + withoutEnd
                    + " flows is unknown (an FCT without a start, of flows that wait on a trigger); report start_us and"
                    + " end_us");
        }
        if (last == null) {
            return new CheckOutcome(Check.WORKLOAD_IDEAL, 0, List.of(), "no completion moment reported");
        }
        List<Finding> failures = new ArrayList<>();
        if (last.endPs() + last.roundingPs() < bound) {
            failures.add(new Finding(Check.WORKLOAD_IDEAL, "last completion, " + flowName(cm, last.flow()),
                    us(last.endPs()), us(bound), "us", "the whole workload completes before its ideal, " + source
                    + " (" + last.where() + ")"));
        }
        return new CheckOutcome(Check.WORKLOAD_IDEAL, 1, failures, "ideal from " + source);
    }

    /**
     * {@link Check#HOST_LINK}: the flows a report places in time (a completion moment and a start, the workload's
     * fixed one or a reported one) that leave or enter host {@code h}, in order of completion: the first {@code k}
     * crossed {@code h}'s one link, so the {@code k}-th completion is at least their earliest start plus their
     * serialization at the fabric rate ({@link IdealFct#senderBusyPs}) plus one propagation delay. The workload
     * ideal holds only the last completion of all; this catches a report whose earlier completions are too early
     * (review 40: 30 of 31 incast flows of 2 MB reported done at 44 us through one 400G link, which needs 1220 us).
     */
    private static CheckOutcome hostLinks(ConnectionMatrix cm, FabricParameters fabric, Completion[] first) {
        Workload w = cm.workload();
        int hosts = fabric.tree().hosts();
        List<List<Integer>> bySender = new ArrayList<>();
        List<List<Integer>> byReceiver = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            bySender.add(new ArrayList<>());
            byReceiver.add(new ArrayList<>());
        }
        long[] startPs = new long[w.size()];
        long[] busyPs = new long[w.size()];
        for (Flow f : w.flows()) {
            Completion c = first[f.id()];
            if (c == null || !c.hasEnd() || f.startsOnTrigger() && !c.hasStart()) {
                continue;
            }
            startPs[f.id()] = f.startsOnTrigger() ? c.startPs() - c.roundingPs() : f.startPs();
            busyPs[f.id()] = IdealFct.senderBusyPs(f.sizeBytes(), fabric.mtuBytes(), fabric.headerBytes(),
                    fabric.linkRateBps());
            bySender.get(f.src()).add(f.id());
            byReceiver.get(f.dst()).add(f.id());
        }
        List<Finding> failures = new ArrayList<>();
        int checked = 0;
        for (int side = 0; side < 2; side++) {
            for (int h = 0; h < hosts; h++) {
                List<Integer> flows = side == 0 ? bySender.get(h) : byReceiver.get(h);
                flows.sort((a, b) -> Long.compare(first[a].endPs(), first[b].endPs()));
                long earliest = Long.MAX_VALUE;
                long busy = 0;
                long rounding = 0;    // the k flows' true ends lie within the largest of their roundings
                for (int k = 0; k < flows.size(); k++) {
                    int f = flows.get(k);
                    earliest = Math.min(earliest, startPs[f]);
                    busy = Math.addExact(busy, busyPs[f]);
                    checked++;
                    long bound = earliest + busy + fabric.propagationPs();
                    Completion c = first[f];
                    rounding = Math.max(rounding, c.roundingPs());
                    if (c.endPs() + rounding < bound) {
                        failures.add(new Finding(Check.HOST_LINK, "host " + h + (side == 0 ? " uplink" : " downlink")
                                + ", completion " + (k + 1) + " of " + flows.size() + ", " + flowName(cm, f),
                                us(c.endPs()), us(bound), "us", (k + 1) + " flows of " + us(busy) + " us of serialization"
                                + " at the fabric rate from " + us(earliest) + " us (" + c.where() + ")"));
                    }
                }
            }
        }
        return new CheckOutcome(Check.HOST_LINK, checked, failures, checked == 0 ? "no flow with a known start and"
                + " end" : "each host's completions in order, sending and receiving");
    }

    private static CheckOutcome triggers(ConnectionMatrix cm, Completion[] first, CollectiveIdeal.Result ideal,
                                         long[] loneBound, long[] ack, boolean sender) {
        Workload w = cm.workload();
        if (!w.hasDependencies()) {
            return new CheckOutcome(Check.TRIGGER, 0, List.of(), "no flow waits on a trigger");
        }
        int n = w.size();
        long[] sendDone = new long[n];
        long[] recvDone = new long[n];
        for (int f = 0; f < n; f++) {
            recvDone[f] = ideal.earliestReceivePs()[f];
            sendDone[f] = recvDone[f] + ack[f];
            Completion c = first[f];
            if (c != null && c.hasEnd()) {
                long earliest = c.endPs() - c.roundingPs();
                if (sender) {
                    sendDone[f] = Math.max(sendDone[f], earliest);
                } else {
                    recvDone[f] = Math.max(recvDone[f], earliest);
                    sendDone[f] = Math.max(sendDone[f], earliest + ack[f]);
                }
            }
        }
        List<List<Long>> activations = new ArrayList<>();
        for (int t = 0; t < w.triggers().size(); t++) {
            activations.add(new ArrayList<>());
        }
        for (Flow f : w.flows()) {
            if (f.sendDoneTrigger() != Flow.NO_TRIGGER) {
                activations.get(f.sendDoneTrigger()).add(sendDone[f.id()]);
            }
            if (f.recvDoneTrigger() != Flow.NO_TRIGGER) {
                activations.get(f.recvDoneTrigger()).add(recvDone[f.id()]);
            }
        }
        activations.forEach(a -> a.sort(null));
        int[] rank = new int[w.triggers().size()];
        List<Finding> failures = new ArrayList<>();
        int checked = 0;
        int unplaced = 0;
        for (Flow f : w.flows()) {
            if (!f.startsOnTrigger()) {
                continue;
            }
            Trigger t = w.triggers().get(f.startTrigger());
            int k = switch (t.kind()) {
                case ONE_SHOT -> 1;
                case BARRIER -> t.count();
                case MULTI_SHOT -> rank[t.id()] + 1;
            };
            rank[t.id()]++;
            long fire = Math.max(activations.get(t.id()).get(k - 1), ideal.earliestStartPs()[f.id()]);
            Completion c = first[f.id()];
            if (c == null || !c.hasStart() && !c.hasEnd()) {
                unplaced += c == null ? 0 : 1;
                continue;
            }
            checked++;
            String trig = "trigger id " + cm.triggerIds().get(t.id());
            if (c.hasStart() && c.startPs() + c.roundingPs() < fire) {
                failures.add(new Finding(Check.TRIGGER, flowName(cm, f.id()), us(c.startPs()), us(fire), "us",
                        "starts before " + trig + " can fire (" + c.where() + ")"));
            } else if (c.hasEnd()) {
                long bound = fire + loneBound[f.id()];
                if (c.endPs() + c.roundingPs() < bound) {
                    failures.add(new Finding(Check.TRIGGER, flowName(cm, f.id()), us(c.endPs()), us(bound), "us",
                            "completes before " + trig + "'s earliest firing (" + us(fire) + " us) plus its lone time"
                                    + (sender ? " and ACK return" : "") + " (" + c.where() + ")"));
                }
            }
        }
        return new CheckOutcome(Check.TRIGGER, checked, failures, (checked == 0 ? "no triggered flow has a reported"
                + " start or end" : "earliest firing from the reported completions of each trigger's activators and"
                + " the lone-time play") + (unplaced == 0 ? "" : "; " + unplaced + " triggered flows are reported by"
                + " FCT alone, which places them at no moment (report start_us and end_us)"));
    }

    private static double us(long ps) {
        return ps / (double) Units.PS_PER_US;
    }
}
