package org.primelab.tla.conformance;

import java.util.SplittableRandom;
import org.primelab.core.entropy.PrimeEntropyGenerator;
import org.primelab.core.entropy.PrimeOdometerGenerator;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.topology.EvLayout;

/**
 * Deliberately wrong senders built from core's parts, each breaking one rule of Alg. 1: the conformance
 * check must reject every one of them (it can fail).
 */
final class BrokenSenders {
    private BrokenSenders() {
    }

    /** What goes wrong. */
    enum Bug {
        /** An ECN-marked ACK is handled like a NACK (penalizes with P_NACK). */
        ECN_AS_NACK,
        /** An ECN-marked ACK re-penalizes a penalized path (NACK-level), i.e. multi-penalization. */
        ECN_REPENALIZES,
        /** The send decays before picking, so the pick reads the decayed table (time-based models). */
        DECAY_BEFORE_PICK,
        /** Penalties never decay (the clock is never advanced). */
        NO_DECAY,
        /** The pick ignores the history (CO-PRIME) while the history is still kept. */
        BLIND_PICK
    }

    /** {@code sender} with its ECN marks lost: the history hears an ECN-marked ACK as an unmarked one. */
    static Sender ecnIgnored(Sender sender) {
        return new Sender() {
            @Override
            public int send(long nowPs) {
                return sender.send(nowPs);
            }

            @Override
            public void ack(int path, long nowPs) {
                sender.ack(path, nowPs);
            }

            @Override
            public void ecn(int path, long nowPs) {
                sender.ack(path, nowPs);
            }

            @Override
            public void nack(int path, long nowPs) {
                sender.nack(path, nowPs);
            }

            @Override
            public long[] penalties() {
                return sender.penalties();
            }
        };
    }

    static Sender of(Bug bug, HistoryModel.Constants c, long seed) {
        EvLayout layout = CoreSender.layout(c);
        CongestionHistory history = new CongestionHistory(layout.pathCount(), bug == Bug.NO_DECAY
                ? CongestionHistory.Config.timeBased(c.pEcn(), c.pNack()) : CoreSender.config(c));
        PrimeOdometerGenerator gen = new PrimeOdometerGenerator(layout, new SplittableRandom(seed));
        PrimeEntropyGenerator prime = new PrimeEntropyGenerator(gen, bug == Bug.BLIND_PICK ? null : history);
        if (bug == Bug.DECAY_BEFORE_PICK && history.config().decay() != CongestionHistory.Decay.TIME) {
            throw new IllegalArgumentException("DECAY_BEFORE_PICK needs a time-based model");
        }
        return new Sender() {
            @Override
            public int send(long nowPs) {
                switch (bug) {
                    case NO_DECAY -> {
                        return layout.pathIndex(prime.next(0));
                    }
                    case DECAY_BEFORE_PICK -> {
                        // time-based only: decaying to nowPs first makes the pick's own decay a no-op
                        history.decay(nowPs);
                        return layout.pathIndex(prime.next(nowPs));
                    }
                    case BLIND_PICK -> {
                        int path = layout.pathIndex(prime.next(nowPs));
                        history.decay(nowPs);
                        return path;
                    }
                    default -> {
                        return layout.pathIndex(prime.next(nowPs));
                    }
                }
            }

            @Override
            public void ack(int path, long nowPs) {
                prime.onAck(layout.evOfPath(path), false, nowPs);
            }

            @Override
            public void ecn(int path, long nowPs) {
                switch (bug) {
                    case ECN_AS_NACK -> history.onNack(path);
                    case ECN_REPENALIZES -> {
                        if (history.isClean(path)) {
                            history.onEcn(path);
                        } else {
                            history.onNack(path);
                        }
                    }
                    case BLIND_PICK -> history.onEcn(path);
                    default -> prime.onAck(layout.evOfPath(path), true, nowPs);
                }
            }

            @Override
            public void nack(int path, long nowPs) {
                if (bug == Bug.BLIND_PICK) {
                    history.onNack(path);
                } else {
                    prime.onNack(layout.evOfPath(path), nowPs);
                }
            }

            @Override
            public long[] penalties() {
                return history.penalties();
            }
        };
    }
}
