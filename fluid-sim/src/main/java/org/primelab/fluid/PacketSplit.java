package org.primelab.fluid;

/**
 * A split rule that sends each packet-sized quantum on one path: the scheme's own generator
 * ({@link GeneratorSplit}) or adaptive routing ({@link AdaptiveSplit}).
 */
public sealed interface PacketSplit extends SplitRule permits GeneratorSplit, AdaptiveSplit {
    /**
     * The path of the next quantum, sent at {@code nowPs}, with the path its ACKs take back and the tag
     * its feedback is reported with ({@link #onReturn}): a {@link PathChoice}.
     */
    long pick(long nowPs);
}
