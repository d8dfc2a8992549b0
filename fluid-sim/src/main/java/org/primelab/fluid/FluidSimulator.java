package org.primelab.fluid;

import java.util.List;
import org.primelab.analytical.fct.IdealFct;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.metrics.ProgressListener;
import org.primelab.core.random.Seeds;
import org.primelab.core.workload.Flow;
import org.primelab.core.workload.Workload;

/**
 * The flow-level (fluid) simulator (docs/design.md, "The fluid simulator"): the packet simulator's system —
 * same fabric, workload, link rates, RED curve, trimming threshold, ACK coalescing and DCTCP — with
 * continuous windows, rates and queues. One instance runs one workload once:
 * {@code new FluidSimulator(config, flows, ideal).run()}. The full model, its equations, split rules, step and
 * measured accuracy and speed are in {@code fluid-sim/README.md}.
 *
 * <p><b>Two engines.</b> {@link SplitMode#PACKET} runs (the default), and AR in either mode (it has no
 * fractional split), use the quantum engine described below. {@link SplitMode#EXPECTED} runs of the other
 * schemes (fractional expected splits, the classical fluid limit) use the fine-step engine
 * ({@code FineStepEngine}, the simulator's first engine): every link is integrated with Euler steps of half
 * an MTU serialization, which fractional splits need (a step's chunks meet at a link as simultaneous
 * fluid) and which makes that mode several times slower; it is a reference, not the tool. On packet splits
 * the two engines agree within 1% on every EV-based scheme (tested).
 *
 * <p><b>State</b> (quantum engine). Per flow: window {@code W} and {@code alpha} ({@link FluidDctcp}),
 * bytes not yet sent (including bytes to resend after a trim), bytes in flight, and a FIFO buffer of every
 * quantum in flight with its return time, the marking probability and trimmed fraction it collected (the
 * one-RTT-delayed feedback of the DCTCP fluid model). Per directed switch egress link: the queue {@code q}
 * in bytes and the time it was last advanced. Host NICs have no queue: data is pulled from the senders.
 *
 * <p><b>One step</b> {@code [t, t + dt)} ({@link FluidConfig#stepPs()}, by default 8 MTU serializations,
 * capped at the shortest time in which any quantum can come back; units: picoseconds and bytes as
 * doubles):
 * <ol>
 *   <li>Senders. Each host's NIC serializes at line rate one packet-sized quantum after another (after the
 *       ACKs it sent last step), taking among its flows, round robin on ties, the one that can start
 *       soonest. A flow can start a quantum when it has bytes and {@code inflight + quantum <= W} (or
 *       nothing in flight, as the packet simulator's sender); quanta in flight come back at their own
 *       return times, so the window is freed exactly when each ACK returns (the ACK clock is not
 *       quantized to the step). NACKed bytes are resent. The quantum's path is the one the scheme's own
 *       core generator and the switches' hash salts give it ({@link GeneratorSplit}; AR:
 *       {@link AdaptiveSplit}), asked at the quantum's emission time. DCTCP integrates each step's
 *       returns once ({@link FluidDctcp#onAcked} on the step's acknowledged bytes and their marked
 *       fraction): an Euler step of at most a fraction of a window.</li>
 *   <li>Fabric. The step's quanta cross the fabric in emission order (sorted into buckets of 1/16 MTU;
 *       within a bucket in generation order, which rotates over the hosts every step). At each switch
 *       link of its path, the queue first drains linearly at the link's data rate (line rate less the
 *       ACK load, ACKs having strict priority) since the previous arrival — Lindley's recursion, the
 *       exact solution of {@code dq/dt = inflow - capacity} floored at 0 between arrivals — then the
 *       quantum waits for the backlog ahead of it (less what is left of its own flow's previous quantum:
 *       a flow's own pipelining is the store-and-forward term of {@link IdealFct}), is ECN-marked with
 *       the RED probability of that backlog plus itself (marking at dequeue, 0 at {@code K_min} to 1 at
 *       {@code K_max}) and loses what would exceed the trimming limit ({@link FluidConfig#trimBytes()},
 *       1 BDP). Traversal is instantaneous (every queue of the path is met at the emission time, the
 *       standard fluid-network approximation). The quantum arrives at
 *       {@code emission + sum(serialization of the later hops) + hops·propagation + waits}
 *       (store-and-forward) and its ACK returns after the header's way back, half an MTU per busy port
 *       on the way back (non-preemptive priority; busy is last step's utilization) and the mean
 *       coalescing hold {@code (ackEvery-1)/2} packets (Little's law on the coalesced ACK clock).</li>
 *   <li>Links. Once per step every queue is drained to the step's end, and the step's ACK load (for
 *       port-index and adaptive forwarding, whose ACKs take the reverse of the data path, the data that
 *       crossed the mirror link times {@code header/(ackEvery·MTU)}) sets next step's data rate and
 *       busy fraction.</li>
 * </ol>
 * A flow completes when every byte has been delivered untrimmed; its FCT runs from its start to the
 * arrival of its last byte. A lone flow on an idle fabric thus takes exactly the analytical ideal
 * ({@link IdealFct#lonePathPs}).
 *
 * <p><b>Why this step is safe.</b> What the step does not resolve is only what the flows decide from
 * their feedback: the window (updated once per step), PRIME's penalties and REPS's recycling (fed in
 * time order as returns are consumed, at the latest at the next step), the ACK load and the busy
 * fractions. All of these act on RTT scale and the step is a fraction of the RTT (8 MTU serializations:
 * 2.7 us at 100G against base RTTs of 6.2 us on 2 tiers and 9.2 us on 3; 0.67 us against 5.1 and 7.7 us
 * at 400G). Queues, waits, marks and trims are computed per quantum at its exact emission time, and the
 * ACK clock per quantum. Halving the step moves the spraying schemes' max FCTs on the cross-validation
 * suite by less than 1% and mean FCTs by less than 0.3% (ECMP's max, one collision victim, by up to 2%);
 * the step-halving test holds it to 1%.
 *
 * <p><b>Fast-forward</b> ({@link FluidConfig#fastForward()}, on by default; {@code SteadyState}). The
 * quantum engine's adaptive step: at the end of each window of two base RTTs it may leap, in whole steps,
 * over a stretch whose rates the last windows determine — a steady leap after a window in which every
 * host's NIC was busy, the congestion windows had settled and the marking rate did not rise (to a base
 * RTT before the first flow could finish, and at most four times as long as the stretch has held), or a
 * short ramp leap (two windows) while DCTCP's additive increase alone drives window-limited flows and the
 * ramp model has just predicted a whole window within 3%. Leaps never cross a flow start, a link failure
 * or a completion, never load a link beyond its rate, and leave queues, in-flight quanta and the split
 * rules' state as they were. On the cross-validation suite they move max FCTs by at most about 2%
 * against step-by-step integration (tested at 3%) and leap over a third or more of the long-flow runs; a
 * bottleneck (incast, two flows into one host, ECMP collisions) is integrated step by step.
 *
 * <p><b>Faults.</b> Degraded links run at their rate; a failed link stops at its failure time and every
 * split rule withdraws the paths through it at once (the transient black hole before detection is not
 * modelled). Retransmission timeouts never fire: nothing is lost except trimmed bytes, which are NACKed.
 *
 * <p><b>Determinism.</b> Every random stream (generators, feedback draws, AR tie breaks, hash salts)
 * derives from the master seed; same inputs give identical results.
 */
public final class FluidSimulator {
    /** Most queue-trajectory samples kept; reaching it halves the sampling rate. */
    public static final int MAX_SAMPLES = 2048;
    /** Purpose tag of the feedback draws of {@link GeneratorSplit} ("FLUD"). */
    public static final long FEEDBACK_SALT = Seeds.FLUID_FEEDBACK;
    /** Purpose tag of AR's tie breaks ("ARFL"). */
    public static final long AR_SALT = Seeds.FLUID_AR_TIES;

    private final FluidConfig config;
    private final QuantumEngine quantum;
    private final FineStepEngine fine;
    private final long idealMaxFctPs;

    /**
     * Prepares a run of {@code flows} under {@code config}.
     *
     * @param idealMaxFctPs the Ratio's denominator, computed once by the caller
     *        ({@code org.primelab.analytical.fct.IdealMaxFct#of}), as for the packet simulator
     */
    public FluidSimulator(FluidConfig config, List<Flow> flows, long idealMaxFctPs) {
        this(config.withWorkload(Workload.of(flows)), idealMaxFctPs);
    }

    /**
     * Prepares a run of the workload of {@code config}'s scenario.
     *
     * @param idealMaxFctPs the Ratio's denominator, computed once by the caller
     *        ({@code org.primelab.analytical.fct.IdealMaxFct#of}), as for the packet simulator
     */
    public FluidSimulator(FluidConfig config, long idealMaxFctPs) {
        if (idealMaxFctPs <= 0) {
            throw new IllegalArgumentException("ideal: must be > 0 ps, got " + idealMaxFctPs);
        }
        Workload workload = config.scenario().requireWorkload();
        this.config = config;
        this.idealMaxFctPs = idealMaxFctPs;
        // AR has no fractional split (AdaptiveSplit picks per quantum in both modes): always quanta.
        if (config.split() == SplitMode.PACKET || config.scheme().forwarding() == Forwarding.ADAPTIVE) {
            quantum = new QuantumEngine(config, workload);
            fine = null;
        } else {
            quantum = null;
            fine = new FineStepEngine(config, workload);
        }
    }

    /** The step in force, picoseconds: the configured step, capped by the quantum engine (see above). */
    public double stepPs() {
        return quantum != null ? quantum.stepPs() : config.stepPs();
    }

    /** Steps between progress reports (a power of two). */
    static final int PROGRESS_EVERY_STEPS = 1 << 4;

    /** Runs until every flow has completed and returns the result. */
    public FluidResult run() {
        return run(ProgressListener.NONE);
    }

    /** The same, reporting progress every {@value #PROGRESS_EVERY_STEPS} steps. */
    public FluidResult run(ProgressListener progress) {
        return (quantum != null ? quantum.run(progress) : fine.run(progress)).withIdealMaxFctPs(idealMaxFctPs);
    }
}
