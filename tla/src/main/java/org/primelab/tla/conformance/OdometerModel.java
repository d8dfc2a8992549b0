package org.primelab.tla.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java transcription of {@code Odometer.tla}: PRIME's multi-part generator (paper arXiv 2507.23012,
 * Alg. 2, odometer variant) as a nondeterministic state machine over two parts of {@code l1} and
 * {@code l2} ports. Operator for operator: {@code Perms} is {@link #perms}, {@code GenInit} is
 * {@link #initial()}, {@code Value} is {@link #value}, {@code Advance} is {@link #advance}. A path
 * {@code <<a, b>>} of the spec is the dense index {@code a + l1 * b}, which is core's
 * {@code EvLayout.pathIndex} (part 0 least significant); a single-part layout is {@code l2 = 1}.
 */
public final class OdometerModel {

    /**
     * A generator state: which permutation each part holds (an index into {@link #perms}) and its
     * counter.
     */
    public record Gen(int p1, int c1, int p2, int c2) {
    }

    private final int l1;
    private final int l2;
    private final List<int[]> perms1;
    private final List<int[]> perms2;

    /** The odometer over parts of {@code l1} and {@code l2} ports (each 1..6). */
    public OdometerModel(int l1, int l2) {
        if (l1 < 1 || l1 > 6 || l2 < 1 || l2 > 6) {
            throw new IllegalArgumentException("parts: sizes must be in [1, 6], got " + l1 + " x " + l2);
        }
        this.l1 = l1;
        this.l2 = l2;
        this.perms1 = permutations(l1);
        this.perms2 = permutations(l2);
    }

    /** Ports of part 1. */
    public int l1() {
        return l1;
    }

    /** Ports of part 2. */
    public int l2() {
        return l2;
    }

    /** Number of paths, {@code l1 * l2}. */
    public int paths() {
        return l1 * l2;
    }

    /** The permutations of part {@code part} (1 or 2), in a fixed order. */
    public List<int[]> perms(int part) {
        return part == 1 ? perms1 : perms2;
    }

    /** {@code GenInit}: any shuffle in each part, both counters 0. */
    public List<Gen> initial() {
        List<Gen> out = new ArrayList<>();
        for (int a = 0; a < perms1.size(); a++) {
            for (int b = 0; b < perms2.size(); b++) {
                out.add(new Gen(a, 0, b, 0));
            }
        }
        return out;
    }

    /** {@code Value(g)} as a dense path index. */
    public int value(Gen g) {
        return perms1.get(g.p1())[g.c1()] + l1 * perms2.get(g.p2())[g.c2()];
    }

    /** {@code Advance(g)}: the states after one send (several when a part wraps and reshuffles). */
    public List<Gen> advance(Gen g) {
        List<Gen> out = new ArrayList<>();
        if (g.c1() < l1 - 1) {
            out.add(new Gen(g.p1(), g.c1() + 1, g.p2(), g.c2()));
        } else if (g.c2() < l2 - 1) {
            for (int a = 0; a < perms1.size(); a++) {
                out.add(new Gen(a, 0, g.p2(), g.c2() + 1));
            }
        } else {
            for (int a = 0; a < perms1.size(); a++) {
                for (int b = 0; b < perms2.size(); b++) {
                    out.add(new Gen(a, 0, b, 0));
                }
            }
        }
        return out;
    }

    static List<int[]> permutations(int n) {
        List<int[]> out = new ArrayList<>();
        permute(new int[n], new boolean[n], 0, out);
        return out;
    }

    private static void permute(int[] cur, boolean[] used, int k, List<int[]> out) {
        if (k == cur.length) {
            out.add(cur.clone());
            return;
        }
        for (int v = 0; v < cur.length; v++) {
            if (!used[v]) {
                used[v] = true;
                cur[k] = v;
                permute(cur, used, k + 1, out);
                used[v] = false;
            }
        }
    }
}
