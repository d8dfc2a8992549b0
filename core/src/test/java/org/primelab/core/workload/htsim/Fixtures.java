package org.primelab.core.workload.htsim;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The htsim fixtures in the test resources ({@code htsim/README.md} says where they come from). */
final class Fixtures {
    /** Connection matrices. */
    static final List<String> MATRICES = List.of("perm_128.cm", "p128_s1.cm", "p128_s2.cm", "p128_s3.cm", "a2a128.cm");

    /** htsim outputs, each with the matrix it ran and its largest printed completion time. */
    record Run(String output, String matrix, String maxFinishUs) {
    }

    static final List<Run> RUNS = List.of(
            new Run("htsim_perm128_400g_reps.txt.gz", "perm_128.cm", "57.4208"),
            new Run("htsim_perm128_400g_oblivious.txt.gz", "perm_128.cm", "63.8912"),
            new Run("htsim_perm128_400g_ecmp.txt.gz", "perm_128.cm", "194.173"),
            new Run("htsim_perm128_400g_ar.txt.gz", "perm_128.cm", "50.3398"),
            new Run("htsim_p128_s1_400g_reps_constant66.txt.gz", "p128_s1.cm", "55.0106"),
            new Run("htsim_p128_s2_400g_reps_constant66.txt.gz", "p128_s2.cm", "54.9248"),
            new Run("htsim_p128_s3_400g_reps_constant66.txt.gz", "p128_s3.cm", "54.9888"),
            new Run("htsim_a2a128_400g_reps.txt.gz", "a2a128.cm", "141.257"));

    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/htsim/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
