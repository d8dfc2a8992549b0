package org.primelab.core.topology;

import java.util.Arrays;

/**
 * Layout of PRIME's multi-part entropy value (paper §"Design Elements", "Multi-part entropy").
 *
 * <p>The entropy field has one part per upward hop: a 2-tier FatTree has one part, a 3-tier tree two.
 * Part {@code i} holds the index of the uplink port at tier {@code i + 1} and is
 * {@code ceil(log2(uplinks_i))} bits wide; parts are concatenated with part 0 in the low bits, so a
 * switch at tier {@code i + 1} reads its part with a shift and a mask. The layout also maps a
 * multi-part value to a dense <em>path index</em> (mixed radix, part 0 least significant) in
 * {@code [0, pathCount())}, which is what per-path state such as the congestion history is indexed by.
 *
 * @param uplinks number of uplink ports per part, lowest tier first; every entry is at least 1
 */
public record EvLayout(int[] uplinks) {

    /** Validates and copies the part sizes. */
    public EvLayout {
        if (uplinks == null || uplinks.length == 0) {
            throw new IllegalArgumentException("uplinks: need at least one part");
        }
        uplinks = uplinks.clone();
        for (int i = 0; i < uplinks.length; i++) {
            if (uplinks[i] < 1 || uplinks[i] > (1 << 15)) {
                throw new IllegalArgumentException("uplinks[" + i + "]: must be in [1, 32768], got " + uplinks[i]);
            }
        }
        long paths = 1;
        for (int u : uplinks) {
            paths *= u;
        }
        if (totalBits(uplinks) > 30 || paths > (1 << 24)) {
            throw new IllegalArgumentException("uplinks: layout " + Arrays.toString(uplinks)
                    + " needs more than 30 bits or 2^24 paths");
        }
    }

    /** A layout with the given part sizes. */
    public static EvLayout of(int... uplinks) {
        return new EvLayout(uplinks);
    }

    /** Number of parts (one per upward hop). */
    public int parts() {
        return uplinks.length;
    }

    /** Uplink ports of part {@code i}. */
    public int uplinks(int part) {
        return uplinks[part];
    }

    /** Bits used by part {@code i}: {@code ceil(log2(uplinks))}, and 0 for a single uplink. */
    public int bits(int part) {
        return bitsFor(uplinks[part]);
    }

    /** Bit offset of part {@code i} in the packed value. */
    public int offset(int part) {
        int off = 0;
        for (int i = 0; i < part; i++) {
            off += bits(i);
        }
        return off;
    }

    /** Total width of the entropy field in bits. */
    public int totalBits() {
        return totalBits(uplinks);
    }

    /** Number of distinct multi-part values: the product of the part sizes. */
    public int pathCount() {
        int n = 1;
        for (int u : uplinks) {
            n *= u;
        }
        return n;
    }

    /** Packs per-part port indices into one entropy value. */
    public int pack(int... ports) {
        if (ports.length != uplinks.length) {
            throw new IllegalArgumentException("ports: expected " + uplinks.length + " parts, got " + ports.length);
        }
        int ev = 0;
        int off = 0;
        for (int i = 0; i < ports.length; i++) {
            if (ports[i] < 0 || ports[i] >= uplinks[i]) {
                throw new IllegalArgumentException("ports[" + i + "]: must be in [0, " + (uplinks[i] - 1)
                        + "], got " + ports[i]);
            }
            ev |= ports[i] << off;
            off += bits(i);
        }
        return ev;
    }

    /** The port index of part {@code i} in a packed value (what a tier-(i+1) switch reads). */
    public int part(int ev, int part) {
        int b = bits(part);
        return b == 0 ? 0 : (ev >>> offset(part)) & ((1 << b) - 1);
    }

    /** Dense path index of a packed value: mixed radix, part 0 least significant. */
    public int pathIndex(int ev) {
        int idx = 0;
        int radix = 1;
        int off = 0;
        for (int i = 0; i < uplinks.length; i++) {
            int b = bits(i);
            int p = b == 0 ? 0 : (ev >>> off) & ((1 << b) - 1);
            idx += p * radix;
            radix *= uplinks[i];
            off += b;
        }
        return idx;
    }

    /** Inverse of {@link #pathIndex(int)}. */
    public int evOfPath(int pathIndex) {
        if (pathIndex < 0 || pathIndex >= pathCount()) {
            throw new IllegalArgumentException("pathIndex: must be in [0, " + (pathCount() - 1) + "], got " + pathIndex);
        }
        int ev = 0;
        int off = 0;
        int rest = pathIndex;
        for (int i = 0; i < uplinks.length; i++) {
            ev |= (rest % uplinks[i]) << off;
            rest /= uplinks[i];
            off += bits(i);
        }
        return ev;
    }

    @Override
    public int[] uplinks() {
        return uplinks.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EvLayout other && Arrays.equals(uplinks, other.uplinks);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(uplinks);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("EvLayout[");
        for (int i = 0; i < uplinks.length; i++) {
            sb.append(i == 0 ? "" : ", ").append("part").append(i + 1).append('=').append(uplinks[i])
                    .append(" ports/").append(bits(i)).append(" bits");
        }
        return sb.append(']').toString();
    }

    static int bitsFor(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    private static int totalBits(int[] u) {
        int t = 0;
        for (int x : u) {
            t += bitsFor(x);
        }
        return t;
    }
}
