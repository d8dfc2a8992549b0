package org.primelab.core.scenario;

import java.util.List;
import org.primelab.core.cc.CcKind;
import org.primelab.core.entropy.EntropyConfig;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.fabric.FabricParameters;
import org.primelab.core.topology.FatTree;
import org.primelab.core.topology.Faults;
import org.primelab.core.workload.Flow;

/**
 * A simulator's run configuration: a {@link Scenario} plus the simulator's own knobs. The scenario's
 * parameters are read through it once, here, for every simulator ({@code SimConfig}, {@code FluidConfig}),
 * so that the two configurations do not each repeat the same delegating accessors.
 */
public interface ScenarioRun {
    /** The scenario: fabric, workload, faults, scheme, congestion control, seed. */
    Scenario scenario();

    /** The link and switch parameters the simulators share (built once, in the scenario). */
    default FabricParameters fabric() {
        return scenario().fabric();
    }

    default FatTree tree() {
        return scenario().tree();
    }

    default Faults faults() {
        return scenario().faults();
    }

    /** The workload's flows (the scenario must carry a workload). */
    default List<Flow> flows() {
        return scenario().flows();
    }

    default long linkRateBps() {
        return fabric().linkRateBps();
    }

    default long propagationPs() {
        return fabric().propagationPs();
    }

    default int mtuBytes() {
        return fabric().mtuBytes();
    }

    default int headerBytes() {
        return fabric().headerBytes();
    }

    default int ackEvery() {
        return fabric().ackEvery();
    }

    default double kMinBdp() {
        return fabric().kMinBdp();
    }

    default double kMaxBdp() {
        return fabric().kMaxBdp();
    }

    default double trimBdp() {
        return fabric().trimBdp();
    }

    default LoadBalancingScheme scheme() {
        return scenario().scheme();
    }

    default EntropyConfig entropy() {
        return scenario().entropy();
    }

    /** The schemes' parameters in force. */
    default EntropyConfig effectiveEntropy() {
        return scenario().effectiveEntropy();
    }

    default CcKind cc() {
        return scenario().cc();
    }

    default double dctcpInitialAlpha() {
        return scenario().dctcpInitialAlpha();
    }

    default long seed() {
        return scenario().seed();
    }

    /** Links on the longest host-to-host path (2-tier: 4, 3-tier: 6). */
    default int longestPathLinks() {
        return tree().longestPathLinks();
    }

    /** See {@link FabricParameters#baseRttPs()}. */
    default long baseRttPs() {
        return fabric().baseRttPs();
    }

    /** See {@link FabricParameters#pathRttPs(int)}. */
    default long pathRttPs(int hops) {
        return fabric().pathRttPs(hops);
    }

    /** See {@link FabricParameters#bdpBytes()}. */
    default long bdpBytes() {
        return fabric().bdpBytes();
    }

    /** See {@link FabricParameters#bdpPackets()}. */
    default int bdpPackets() {
        return fabric().bdpPackets();
    }

    /** See {@link FabricParameters#kMinBytes()}. */
    default long kMinBytes() {
        return fabric().kMinBytes();
    }

    /** See {@link FabricParameters#kMaxBytes()}. */
    default long kMaxBytes() {
        return fabric().kMaxBytes();
    }

    /** See {@link FabricParameters#trimBytes()}. */
    default long trimBytes() {
        return fabric().trimBytes();
    }

    /**
     * See {@link FabricParameters#lineRateWindowBytes()}: the fixed-window sender uses it; DCTCP starts
     * from it.
     */
    default long lineRateWindowBytes() {
        return fabric().lineRateWindowBytes();
    }

    /** See {@link FabricParameters#mtuSerializationPs()}. */
    default long mtuSerializationPs() {
        return fabric().mtuSerializationPs();
    }
}
