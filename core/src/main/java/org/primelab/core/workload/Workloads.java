package org.primelab.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;
import org.primelab.core.random.Seeds;
import org.primelab.core.topology.FatTree;

/**
 * The traffic patterns of the paper's evaluation and of common collectives (docs/design.md, "core —
 * workloads"): permutation (the paper's main pattern, §"Evaluation", "Traffic"), all-to-all, incast and
 * ring. Every generator is deterministic in its seed; flows are numbered in list order.
 */
public final class Workloads {
    private Workloads() {
    }

    /**
     * A random permutation without fixed points (every host sends one flow and receives one flow), all
     * flows of {@code sizeBytes} starting at 0.
     *
     * <p>Drawn as a uniform random permutation (Fisher–Yates) followed by repair swaps: while some host
     * maps to itself (or, with {@code crossTor}, to a host under its own ToR), its target is swapped
     * with that of a uniformly chosen host when the swap makes both valid. The result is a valid
     * derangement; it is not exactly uniform over derangements, which no experiment here depends on.
     *
     * @param tree the fabric (its hosts and ToRs)
     * @param crossTor if true, no flow stays under one ToR (needs every ToR to hold at most half of the hosts)
     */
    public static List<Flow> permutation(FatTree tree, long sizeBytes, long seed, boolean crossTor) {
        int n = tree.hosts();
        IntUnaryOperator group = crossTor ? tree::torIndexOf : h -> h;
        if (crossTor) {     // one populated ToR included: it holds all n hosts
            requireNoMajorityTor(tree);
        }
        SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, Seeds.WORKLOAD, 1));
        int[] dst = new int[n];
        for (int i = 0; i < n; i++) {
            dst[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = dst[i];
            dst[i] = dst[j];
            dst[j] = t;
        }
        long guard = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                while (group.applyAsInt(i) == group.applyAsInt(dst[i])) {
                    int j = rnd.nextInt(n);
                    if (group.applyAsInt(j) != group.applyAsInt(dst[i]) && group.applyAsInt(i) != group.applyAsInt(dst[j])) {
                        int t = dst[i];
                        dst[i] = dst[j];
                        dst[j] = t;
                        changed = true;
                    }
                    if (++guard > 100L * n * n) {
                        throw new IllegalStateException("permutation: could not repair; too few groups for " + n + " hosts");
                    }
                }
            }
        }
        List<Flow> flows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            flows.add(new Flow(i, i, dst[i], sizeBytes, 0));
        }
        return flows;
    }

    /**
     * A cross-ToR permutation exists exactly when no ToR holds more than half of the hosts (Hall's
     * condition for a perfect matching in the complete multipartite graph whose parts are the ToRs: the
     * {@code m} hosts of one ToR must send to {@code m} distinct hosts outside it, so {@code m <= n - m};
     * when every part satisfies it, such a matching exists). Refuses the other trees before any draw.
     */
    private static void requireNoMajorityTor(FatTree tree) {
        int n = tree.hosts();
        int[] hostsPerTor = new int[tree.torIndexOf(n - 1) + 1];    // hosts are numbered ToR after ToR
        for (int h = 0; h < n; h++) {
            hostsPerTor[tree.torIndexOf(h)]++;
        }
        for (int tor = 0; tor < hostsPerTor.length; tor++) {
            if (2L * hostsPerTor[tor] > n) {
                throw new IllegalArgumentException("traffic: a cross-ToR permutation needs every ToR to hold at most"
                        + " half of the hosts; ToR " + tor + " holds " + hostsPerTor[tor] + " of " + n);
            }
        }
    }

    /** Every host sends {@code sizeBytes} to every other host, all starting at 0. */
    public static List<Flow> allToAll(FatTree tree, long sizeBytes) {
        int n = tree.hosts();
        List<Flow> flows = new ArrayList<>(n * (n - 1));
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                if (s != d) {
                    flows.add(new Flow(flows.size(), s, d, sizeBytes, 0));
                }
            }
        }
        return flows;
    }

    /**
     * {@code senders} hosts, chosen with {@code seed} among all but {@code receiver}, each send
     * {@code sizeBytes} to {@code receiver}, all starting at 0.
     */
    public static List<Flow> incast(FatTree tree, int receiver, int senders, long sizeBytes, long seed) {
        int n = tree.hosts();
        if (receiver < 0 || receiver >= n) {
            throw new IllegalArgumentException("receiver: must be in [0, " + (n - 1) + "], got " + receiver);
        }
        if (senders < 1 || senders > n - 1) {
            throw new IllegalArgumentException("senders: must be in [1, " + (n - 1) + "], got " + senders);
        }
        int[] others = new int[n - 1];
        for (int h = 0, i = 0; h < n; h++) {
            if (h != receiver) {
                others[i++] = h;
            }
        }
        SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, Seeds.WORKLOAD, 2));
        for (int i = 0; i < senders; i++) {
            int j = i + rnd.nextInt(others.length - i);
            int t = others[i];
            others[i] = others[j];
            others[j] = t;
        }
        List<Flow> flows = new ArrayList<>(senders);
        for (int i = 0; i < senders; i++) {
            flows.add(new Flow(i, others[i], receiver, sizeBytes, 0));
        }
        return flows;
    }

    /** Host {@code i} sends {@code sizeBytes} to host {@code (i+1) mod n}, all starting at 0. */
    public static List<Flow> ring(FatTree tree, long sizeBytes) {
        int n = tree.hosts();
        List<Flow> flows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            flows.add(new Flow(i, i, (i + 1) % n, sizeBytes, 0));
        }
        return flows;
    }

    /** The same flows with start times drawn uniformly from {@code [0, spreadPs]} with {@code seed}. */
    public static List<Flow> staggered(List<Flow> flows, long spreadPs, long seed) {
        if (spreadPs < 0) {
            throw new IllegalArgumentException("stagger: must be >= 0 ps, got " + spreadPs);
        }
        SplittableRandom rnd = new SplittableRandom(Seeds.derive(seed, Seeds.WORKLOAD, 3));
        List<Flow> out = new ArrayList<>(flows.size());
        for (Flow f : flows) {
            long start = spreadPs == 0 ? 0 : rnd.nextLong(spreadPs + 1);
            out.add(new Flow(f.id(), f.src(), f.dst(), f.sizeBytes(), start));
        }
        return out;
    }
}
