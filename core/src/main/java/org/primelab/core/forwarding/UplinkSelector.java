package org.primelab.core.forwarding;

import java.util.SplittableRandom;
import org.primelab.core.entropy.Forwarding;
import org.primelab.core.random.BoundedDraw;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.EvLayout;
import org.primelab.core.topology.FatTree;

/**
 * The one switch forwarding rule every model uses: which uplink a switch gives a packet that must go up
 * (docs/design.md, "Entropy" and "Competitors"; the paper's §"Design Elements" for PRIME's port index).
 * The packet simulator calls it at every switch; the fluid simulator calls it hop by hop when it turns a
 * quantum's EV into a path; the analytical bounds use its healthy-fabric halves.
 *
 * <p><b>Healthy fabric</b>, by the scheme's {@link Forwarding} kind:
 * <ul>
 *   <li>{@link Forwarding#PORT_INDEX} (PRIME, CO-PRIME): the EV part of the switch's tier is the port,
 *       {@code layout.part(ev, tier - 1)}.</li>
 *   <li>{@link Forwarding#HASH} (ECMP, RPS, REPS): {@code hashPort(flow, EV, salt(switch)) mod uplinks}
 *       ({@link Seeds#hashPort}), with each switch's salt {@code Seeds.derive(seed, SWITCH_SALT, node)}
 *       ({@link #salts}).</li>
 *   <li>{@link Forwarding#ADAPTIVE} (AR): the uplink with the fewest queued data bytes, ties broken
 *       uniformly at random (reservoir sampling over the tied ports in port order).</li>
 * </ul>
 *
 * <p><b>After a failure</b> the caller passes the set of uplinks that still lead to the destination ToR
 * as a bit mask ({@code valid}; {@link #ALL} while the fabric is intact). A port-index or hash choice that
 * is in the set is kept, so flows on healthy ports never move. A choice outside the set is remapped
 * statelessly over the valid ports: the {@code i}-th valid port (lowest index first), with
 * {@code i = hashPort(flow, EV, salt(switch)) mod |valid|}. Being a function of (flow, EV, switch) only,
 * the remap is the same in every simulator whatever order packets arrive in, and PRIME's EVs that
 * indexed a dead port are spread evenly over the live ones (the EV changes from packet to packet)
 * instead of all landing on one neighbour. Adaptive routing considers the valid ports only. An empty
 * set (a switch cut off from the destination, only while stranded packets drain) is treated as
 * {@link #ALL}: the packet is forwarded and lost on the dead link.
 */
public final class UplinkSelector {
    /** Mask meaning "every uplink is valid". */
    public static final long ALL = -1L;

    private UplinkSelector() {
    }

    /** Every node's hash salt under master seed {@code seed}: {@code Seeds.derive(seed, SWITCH_SALT, node)}. */
    public static long[] salts(FatTree tree, long seed) {
        long[] s = new long[tree.nodeCount()];
        for (int node = 0; node < s.length; node++) {
            s[node] = Seeds.derive(seed, Seeds.SWITCH_SALT, node);
        }
        return s;
    }

    /** Port-index forwarding on a healthy switch of tier {@code tier} (1 = ToR): the EV's part for that tier. */
    public static int portIndex(EvLayout layout, int ev, int tier) {
        return layout.part(ev, tier - 1);
    }

    /** Hash forwarding on a healthy switch: {@code hashPort(flow, ev, salt) mod uplinks}. */
    public static int hashed(long flow, int ev, long salt, int uplinks) {
        return Seeds.hashPort(flow, ev, salt, uplinks);
    }

    /**
     * The uplink of switch {@code sw} (tier {@code tier}, {@code uplinks} uplinks) for a packet of
     * {@code flow} carrying {@code ev}.
     *
     * @param kind the scheme's forwarding kind
     * @param layout the fabric's EV layout (port index)
     * @param salt the switch's hash salt ({@link #salts})
     * @param valid uplinks that still lead to the destination, bit {@code j} for uplink {@code j}
     *              ({@link #ALL} when intact; at most 64 uplinks otherwise)
     * @param queues queued data per uplink (adaptive routing only; may be null otherwise)
     * @param ties the tie-break stream (adaptive routing only; may be null otherwise)
     */
    public static int select(Forwarding kind, EvLayout layout, int sw, int tier, int uplinks, long flow, int ev,
                             long salt, long valid, QueueDepths queues, SplittableRandom ties) {
        long live = valid == 0 ? ALL : valid;
        return switch (kind) {
            case PORT_INDEX -> keepOrRemap(portIndex(layout, ev, tier), live, uplinks, flow, ev, salt);
            case HASH -> keepOrRemap(hashed(flow, ev, salt, uplinks), live, uplinks, flow, ev, salt);
            case ADAPTIVE -> shortestQueue(sw, uplinks, live, queues, ties);
        };
    }

    /** {@code port} if it is valid, else the remap of the class javadoc. */
    static int keepOrRemap(int port, long valid, int uplinks, long flow, int ev, long salt) {
        if (valid == ALL || (valid >>> port & 1L) != 0) {
            return port;
        }
        return nthSetBit(valid, Seeds.hashPort(flow, ev, salt, Long.bitCount(valid)));
    }

    /** Index of the {@code n}-th (from 0) set bit of {@code mask}. */
    private static int nthSetBit(long mask, int n) {
        long m = mask;
        for (int i = 0; i < n; i++) {
            m &= m - 1;
        }
        return Long.numberOfTrailingZeros(m);
    }

    private static int shortestQueue(int sw, int uplinks, long valid, QueueDepths queues, SplittableRandom ties) {
        int best = -1;
        long bestBytes = Long.MAX_VALUE;
        int tied = 0;
        for (int i = 0; i < uplinks; i++) {
            if (valid != ALL && (valid >>> i & 1L) == 0) {
                continue;
            }
            long q = queues.queuedBytes(sw, i);
            if (q < bestBytes) {
                bestBytes = q;
                best = i;
                tied = 1;
            } else if (q == bestBytes && BoundedDraw.nextInt(ties, ++tied) == 0) {
                best = i;   // reservoir sampling: uniform among the tied
            }
        }
        return best;
    }
}
