package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad or extreme input of issue 15 that the commands owned here handle: exit 2, one line on stderr
 * {@code prime: <option>: ...} (the option's name without dashes, as everywhere in the CLI), nothing on
 * stdout, and fast (each is refused before any tree, workload or LP is built).
 */
class BadInputRegressionTest {
    static Stream<Arguments> refusals() {
        return Stream.of(
                // silent wrong numbers (overflow) become input errors
                Arguments.of("flow-size", new String[] {"bounds", "ideal-fct", "--rate", "1bps", "--flow-size", "2MB"}),
                Arguments.of("flow-size", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "9e18"}),
                // misleading messages name the option
                Arguments.of("flow-size", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size",
                    "1e-2147483648"}),
                Arguments.of("flow-size", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size",
                    "1e99999999999"}),
                Arguments.of("ev-space", new String[] {"bounds", "rr", "--flows", "2", "--ports", "2", "--window", "2",
                    "--ev-space", "2147483647"}),
                Arguments.of("bins", new String[] {"bounds", "balls", "--balls", "10", "--bins", "2000000"}),
                Arguments.of("balls", new String[] {"bounds", "balls", "--balls", "abc", "--bins", "8"}),
                Arguments.of("fail", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--fail", "nosuch@2us"}),
                // silently ignored options are checked eagerly
                Arguments.of("header", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--header", "0"}),
                Arguments.of("fail-at", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--fail-at", "garbage"}),
                Arguments.of("degrade-to", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--degrade-to", "garbage"}),
                Arguments.of("degrade", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--degrade", "leaf0-spine1=800G"}),
                Arguments.of("degrade-to", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--degrade-fraction", "0.25", "--degrade-to", "800G"}),
                Arguments.of("out", new String[] {"demo", "--out", ""}),
                Arguments.of("lb", new String[] {"bench", "--lb", "nope"}),
                Arguments.of("k", new String[] {"bench", "--k", "3"}),
                Arguments.of("case", new String[] {"bench", "--case", "nope"}),
                Arguments.of("repeat", new String[] {"bench", "--k", "4", "--repeat", "0"}),
                Arguments.of("repeat", new String[] {"bench", "--k", "4", "--repeat", "51"}),
                Arguments.of("parts", new String[] {"bench", "--k", "4", "--parts", "5"}),
                Arguments.of("parts", new String[] {"bench", "--k", "4", "--parts", "0"}),
                Arguments.of("parts", new String[] {"bench", "--k", "4", "--threads", "2", "--parts", "1"}),
                Arguments.of("groups", new String[] {"workload", "--k", "4", "--groups", "2", "--out",
                    "never-written.cm"}),
                Arguments.of("load", new String[] {"bounds", "queue", "--ports", "8", "--load", "1.5"}),
                Arguments.of("load", new String[] {"bounds", "queue", "--ports", "8", "--load", "NaN"}),
                Arguments.of("ports", new String[] {"bounds", "queue", "--ports", "0"}),
                Arguments.of("steps", new String[] {"bounds", "queue", "--ports", "1024", "--steps", "1000000"}),
                Arguments.of("k", new String[] {"bench", "--case", "degradation", "--k", "3"}),
                Arguments.of("seed", new String[] {"crossval", "--seed", "1,1"}),
                Arguments.of("seed", new String[] {"crossval", "--seed", "1,two"}),
                Arguments.of("flow-size", new String[] {"motivation", "--flow-size", "0"}),
                // a value given twice would run twice or mean nothing: refused, as sim's --lb does
                Arguments.of("lb", new String[] {"motivation", "--lb", "prime,prime"}),
                Arguments.of("degradations", new String[] {"motivation", "--degradations", "0,25,0"}),
                Arguments.of("model", new String[] {"check-specs", "--model", "PrimeHistory", "--model", "PrimeHistory"}),
                Arguments.of("only", new String[] {"crossval", "--only", ""}),
                // a degraded link slower than one packet per timeout ran 40 s into an OutOfMemoryError (sim) or gave
                // an FCT of 965,000 s (fluid); a detection delay of days ran for days, one of 2^63 - 1 ps forever
                Arguments.of("degrade-to", new String[] {"sim", "--k", "4", "--flow-size", "64KB", "--degrade-fraction",
                    "0.5", "--degrade-to", "1M"}),
                Arguments.of("degrade-to", new String[] {"fluid", "--k", "4", "--flow-size", "64KB", "--degrade-fraction",
                    "0.5", "--degrade-to", "1bps"}),
                Arguments.of("degrade", new String[] {"sim", "--k", "4", "--degrade", "leaf0-spine1=100M"}),
                Arguments.of("detect", new String[] {"sim", "--k", "4", "--lb", "ecmp", "--fail-random", "2", "--detect",
                    "1000000s"}),
                Arguments.of("detect", new String[] {"sim", "--k", "4", "--fail-random", "1", "--detect",
                    "9223372036854775807ps"}),
                Arguments.of("detect", new String[] {"sim", "--k", "4", "--flow-size", "64KB", "--lb", "ecmp",
                    "--fail-random", "2", "--detect", "1000s"}),
                // picocli's own errors name their option too (they began "option '--k' ...", "Missing required ...")
                Arguments.of("k", new String[] {"sim", "--k", "4", "--k", "8"}),
                Arguments.of("lb", new String[] {"sim", "--lb"}),
                Arguments.of("out", new String[] {"workload", "--k", "4"}),
                Arguments.of("htsim", new String[] {"check", "--k", "4"}),
                // messages in the user's units and naming the option the user gave
                Arguments.of("fail-random", new String[] {"sim", "--k", "4", "--flow-size", "64KB", "--fail-random", "8"}),
                Arguments.of("degrade-fraction", new String[] {"sim", "--k", "4", "--degrade-fraction", "0.01",
                    "--degrade-to", "100G"}),
                Arguments.of("p-ecn", new String[] {"sim", "--k", "4", "--p-ecn", "1e-9"}),
                Arguments.of("p-ecn", new String[] {"sim", "--k", "4", "--p-ecn", "5"}),
                Arguments.of("p-nack", new String[] {"sim", "--k", "4", "--p-ecn", "3.9999999999", "--p-nack", "4"}),
                Arguments.of("header", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G", "--flow-size",
                    "64KB", "--header", "4160"}),
                // a hard limit is refused as one, not as a time budget that --force would lift (it then failed)
                Arguments.of("flow-size", new String[] {"sim", "--k", "4", "--flow-size", "1e15", "--force"}),
                // an option the fluid engine that runs ignores (each measured: the same result with and without it)
                Arguments.of("ack-on-mark", new String[] {"fluid", "--k", "4", "--ack-on-mark"}),
                Arguments.of("p-ecn", new String[] {"fluid", "--k", "4", "--p-ecn", "2", "--p-nack", "8"}),
                Arguments.of("spray-order", new String[] {"fluid", "--k", "4", "--lb", "rps", "--spray-order", "cycle",
                    "--engine", "flow"}),
                Arguments.of("detect", new String[] {"fluid", "--k", "4", "--fail", "leaf0-spine1@5us", "--engine",
                    "quantum", "--detect", "50us"}),
                Arguments.of("step", new String[] {"fluid", "--k", "4", "--engine", "flow", "--step", "2"}),
                // neither fluid engine models ECMP-pinned flows: their runs were identical with --ecmp-fraction 1
                Arguments.of("ecmp-fraction", new String[] {"fluid", "--k", "4", "--ecmp-fraction", "0.5"}),
                // an option the run would ignore is refused, naming what it applies to
                Arguments.of("p-ecn", new String[] {"sim", "--k", "4", "--lb", "ecmp", "--p-ecn", "2"}),
                Arguments.of("p-nack", new String[] {"fluid", "--k", "4", "--lb", "co-prime", "--p-nack", "8"}),
                Arguments.of("penalty-decay", new String[] {"sim", "--k", "4", "--lb", "rps,reps", "--penalty-decay",
                    "count"}),
                Arguments.of("group", new String[] {"sim", "--k", "4", "--group", "4"}),
                Arguments.of("placement", new String[] {"fluid", "--k", "4", "--traffic", "permutation", "--placement",
                    "spread"}),
                Arguments.of("cross-tor", new String[] {"sim", "--k", "4", "--traffic", "ring", "--cross-tor"}),
                Arguments.of("placement", new String[] {"sim", "--k", "4", "--traffic", "ring", "--placement", "random"}),
                Arguments.of("dctcp-alpha0", new String[] {"sim", "--k", "4", "--cc", "fixed", "--dctcp-alpha0", "0.5"}),
                Arguments.of("ev-space", new String[] {"sim", "--k", "4", "--lb", "prime,co-prime", "--ev-space", "8"}),
                Arguments.of("spray-order", new String[] {"sim", "--k", "4", "--lb", "reps", "--spray-order", "cycle"}),
                Arguments.of("sched", new String[] {"sim", "--k", "4", "--sched", "wrr:2"}),
                Arguments.of("fail-at", new String[] {"sim", "--k", "4", "--fail-at", "5us"}),
                Arguments.of("degrade-to", new String[] {"fluid", "--k", "4", "--degrade-to", "100G"}),
                Arguments.of("detect", new String[] {"sim", "--k", "4", "--detect", "5us"}),
                Arguments.of("link", new String[] {"motivation", "--link", "nosuch"}),
                Arguments.of("group", new String[] {"sim", "--k", "8", "--traffic", "ring", "--group", "0"}),
                // review 37: an empty list ran nothing (exit 0), an option without effect was accepted
                Arguments.of("degradations", new String[] {"motivation", "--degradations", ","}),
                Arguments.of("degradations", new String[] {"motivation", "--degradations", "50,"}),
                Arguments.of("lb", new String[] {"motivation", "--lb", ","}),
                Arguments.of("seed", new String[] {"workload", "--k", "4", "--traffic", "incast", "--seed", "7", "--out",
                    "never-written.cm"}),
                Arguments.of("no-fast-forward", new String[] {"crossval", "--engine", "flow", "--no-fast-forward"}),
                // bounds ideal-fct applies sim's rules for workload and fault options (they had no effect there)
                Arguments.of("group", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G", "--flow-size",
                    "64KB", "--group", "4"}),
                Arguments.of("placement", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G",
                    "--flow-size", "64KB", "--placement", "spread"}),
                Arguments.of("fail-at", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G", "--flow-size",
                    "64KB", "--fail-at", "1us"}),
                Arguments.of("degrade-to", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G",
                    "--flow-size", "64KB", "--degrade-to", "10G"}),
                // a failure time near 2^63 ps overflowed with the detection delay added: a 5 us run changed
                Arguments.of("fail-at", new String[] {"sim", "--k", "4", "--fail-random", "1", "--fail-at",
                    "9223372036854775000ps"}),
                Arguments.of("fail", new String[] {"sim", "--k", "4", "--fail", "leaf0-spine0@9223372036854775000ps"}),
                Arguments.of("fail", new String[] {"bounds", "ideal-fct", "--k", "4", "--rate", "400G", "--flow-size",
                    "64KB", "--fail", "leaf0-spine0@2000000s"}),
                // runaway runs and OutOfMemoryErrors become refusals with the estimate and the limit
                Arguments.of("k", new String[] {"bounds", "ideal-fct", "--rate", "400G", "--flow-size", "2MB",
                    "--k", "256", "--tiers", "3"}),
                Arguments.of("k", new String[] {"bounds", "downlink", "--delta", "2", "--tiers", "3", "--k", "64"}),
                Arguments.of("flow-size", new String[] {"motivation", "--flow-size", "100GB"}),
                Arguments.of("method", new String[] {"bounds", "balls", "--balls", "10000", "--bins", "10000", "--method",
                    "convolution"}),
                // sim / fluid / check / workload: the guard refuses before the tree, the workload or an engine
                Arguments.of("flow-size", new String[] {"sim", "--k", "8", "--flow-size", "100GB"}),
                Arguments.of("flow-size", new String[] {"fluid", "--k", "8", "--flow-size", "1e15"}),
                Arguments.of("k", new String[] {"sim", "--k", "256", "--tiers", "3"}),
                Arguments.of("k", new String[] {"fluid", "--k", "256", "--tiers", "3"}),
                Arguments.of("k", new String[] {"check", "--k", "256", "--tiers", "3", "--results", "none.csv"}),
                Arguments.of("group", new String[] {"workload", "--k", "256", "--tiers", "3", "--traffic", "all-to-all",
                    "--group", "256", "--out", "never-written.cm"}),
                // a derived value that overflowed (p-nack) is refused as the option it came from
                Arguments.of("delay", new String[] {"sim", "--k", "4", "--delay", "1000000s"}),
                Arguments.of("delay", new String[] {"fluid", "--k", "4", "--delay", "1000000s"}),
                // a rate so low that serialization makes the round trip overflow names the rate, not the delay
                Arguments.of("rate", new String[] {"sim", "--k", "8", "--rate", "1bps"}),
                Arguments.of("rate", new String[] {"fluid", "--k", "8", "--rate", "1bps"}),
                // options named by their own name, not the value type
                Arguments.of("detect", new String[] {"sim", "--k", "4", "--detect", "soon"}),
                Arguments.of("ev-space", new String[] {"sim", "--k", "4", "--ev-space", "0"}),
                Arguments.of("p-ecn", new String[] {"sim", "--k", "4", "--p-ecn", "-1"}),
                Arguments.of("p-nack", new String[] {"fluid", "--k", "4", "--p-ecn", "2", "--p-nack", "2"}),
                Arguments.of("penalty-decay", new String[] {"sim", "--k", "4", "--penalty-decay", "linear"}),
                Arguments.of("ev-space", new String[] {"fluid", "--k", "4", "--ev-space", "65537"}),
                Arguments.of("spray-order", new String[] {"sim", "--k", "4", "--lb", "rps", "--spray-order", "zigzag"}),
                Arguments.of("stagger", new String[] {"sim", "--k", "4", "--stagger", "1e99999999999s"}),
                Arguments.of("lb", new String[] {"sim", "--k", "4", "--lb", "all,prime"}),
                Arguments.of("lb", new String[] {"sim", "--k", "4", "--lb", "prime,prime"}),
                Arguments.of("step", new String[] {"fluid", "--k", "4", "--step", "NaN"}),
                Arguments.of("step", new String[] {"fluid", "--k", "4", "--step", "Infinity"}),
                Arguments.of("step", new String[] {"fluid", "--k", "4", "--step", "1e-30"}),
                Arguments.of("rate", new String[] {"fluid", "--k", "4", "--rate", "9223372036854775807"}),
                Arguments.of("rate", new String[] {"sim", "--k", "4", "--rate", "0bps"}),
                Arguments.of("traffic", new String[] {"workload", "--traffic", "alltoall-twice", "--out", "w.cm"}),
                // threads: at least one, at most one per ToR, one when flows start on triggers
                Arguments.of("threads", new String[] {"sim", "--k", "4", "--threads", "0"}),
                Arguments.of("threads", new String[] {"sim", "--k", "4", "--threads", "5"}),
                Arguments.of("threads", new String[] {"sim", "--k", "4", "--traffic", "allreduce", "--flow-size",
                    "64KB", "--threads", "2"}),
                Arguments.of("threads", new String[] {"bench", "--k", "4", "--threads", "-1"}),
                Arguments.of("flow-size", new String[] {"workload", "--k", "4", "--flow-size", "9223372036854775807",
                    "--out", "never-written.cm"}));
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void refusedInOneLineNamingTheOption(String option, String[] args) {
        EvCommandTest.Run r = EvCommandTest.run(args);
        assertEquals(PrimeCommand.EXIT_BAD_INPUT, r.code(), r.err());
        assertEquals("", r.out());
        String err = r.err().strip();
        assertTrue(err.startsWith("prime: " + option + ": "), err);
        assertFalse(err.contains("\n"), err);
    }

    @Test
    void refusalsOfTheResourceGuardCarryTheEstimateAndTheLimit() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "downlink", "--delta", "2", "--tiers", "3", "--k", "64");
        assertTrue(r.err().contains("needs about") && r.err().contains("more than the limit of"), r.err());
        r = EvCommandTest.run("motivation", "--flow-size", "100GB");
        assertTrue(r.err().contains("events") && r.err().contains("--force"), r.err());
    }

    @Test
    void anUnwritableOutFailsAtOnceAndWritesNothing(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (String cmd : new String[] {"demo", "motivation", "sim", "fluid"}) {
            EvCommandTest.Run r = EvCommandTest.run(cmd, "--out", file.resolve("sub").toString());
            assertEquals(PrimeCommand.EXIT_BAD_INPUT, r.code(), cmd + ": " + r.err());
            assertTrue(r.err().startsWith("prime: out: "), r.err());
            assertEquals("", r.out(), cmd);
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(1, left.count(), "nothing but the file itself");
        }
    }

    @Test
    void theGuardsRefusalsOfSimAndFluidCarryTheEstimateTheLimitAndForce() {
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "8", "--flow-size", "100GB");
        assertTrue(r.err().contains("packet simulation needs about") && r.err().contains("events")
                && r.err().contains("beyond the budget") && r.err().contains("--force"), r.err());
        r = EvCommandTest.run("fluid", "--k", "256", "--tiers", "3");
        assertTrue(r.err().contains("fluid simulation needs about") && r.err().contains("of heap")
                && r.err().contains("more than the limit of"), r.err());
        r = EvCommandTest.run("sim", "--k", "4", "--lb", "all,prime");
        assertTrue(r.err().contains("'all' stands alone") && r.err().contains("accepted: all"), r.err());
    }

    @Test
    void aTrafficFileWithFailureLinesAndFailOptionsIsAmbiguous(@TempDir Path dir) throws IOException {
        Path cm = Files.writeString(dir.resolve("f.cm"), "Nodes 16\nConnections 1\nFailures 1\n0->15 id 1 start 0"
                + " size 100000\nfailure switch_type AGG switch_id 3 link_id 1\n");
        for (String[] faults : new String[][] {{"fail", "leaf0-agg0.0@0us"}, {"fail-random", "1"}}) {
            for (String cmd : new String[] {"sim", "fluid"}) {
                String[] args = new String[] {cmd, "--tiers", "3", "--k", "4", "--traffic", cm.toString(),
                    "--" + faults[0], faults[1]};
                EvCommandTest.Run r = EvCommandTest.run(args);
                assertEquals(PrimeCommand.EXIT_BAD_INPUT, r.code(), String.join(" ", args) + ": " + r.err());
                assertTrue(r.err().startsWith("prime: " + faults[0] + ": f.cm has failure lines")
                        && r.err().contains("ambiguous"), r.err());
                assertEquals(1, r.err().strip().lines().count(), r.err());
            }
        }
        // the file's failure alone is accepted and runs; a degradation adds to it (it was refused as ambiguous)
        EvCommandTest.Run ok = EvCommandTest.run("sim", "--tiers", "3", "--k", "4", "--traffic", cm.toString(), "--json");
        assertEquals(0, ok.code(), ok.err());
        EvCommandTest.Run degraded = EvCommandTest.run("sim", "--tiers", "3", "--k", "4", "--traffic", cm.toString(),
                "--degrade-fraction", "1", "--degrade-to", "100G", "--json");
        assertEquals(0, degraded.code(), degraded.err());
        assertFalse(maxFct(ok.out()).equals(maxFct(degraded.out())), ok.out() + degraded.out());
    }

    private static String maxFct(String json) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"max_fct_us\":([0-9.e+-]+)").matcher(json);
        assertTrue(m.find(), json);
        return m.group(1);
    }

    /** A value the option's type refuses names the type and what the option accepts, from its own help text. */
    @Test
    void aValueOfTheWrongTypeSaysWhatIsAccepted() {
        String[][] cases = {
            {"k: 'abc' is not a 32-bit integer; accepted: switch radix, even, 4..256 (default: 16)", "sim", "--k", "abc"},
            {"k: '99999999999' is not a 32-bit integer; accepted: switch radix, even, 4..256 (default: 16)", "topo", "--k",
                "99999999999"},
            {"seed: 'x' is not a 64-bit integer; accepted: master seed (default: 1)", "bounds", "queue", "--ports", "8",
                "--seed", "x"},
            {"load: '1/2' is not a decimal number; accepted: probability that a sender sends in a step, (0, 1] (default:"
                + " 0.9)", "bounds", "queue", "--ports", "8", "--load", "1/2"},
            {"rounds: 'x' is not a 32-bit integer; accepted: rounds of the side-by-side timing per scenario, 1..99, median"
                + " reported (default: 3)", "crossval", "--rounds", "x"},
            {"balls: '1e6' is not a 32-bit integer; accepted: number of balls m, 0..1000000", "bounds", "balls", "--balls",
                "1e6", "--bins", "3"}};
        for (String[] c : cases) {
            EvCommandTest.Run r = EvCommandTest.run(java.util.Arrays.copyOfRange(c, 1, c.length));
            assertEquals(PrimeCommand.EXIT_BAD_INPUT, r.code(), r.err());
            assertEquals("prime: " + c[0], r.err().strip());
        }
        EvCommandTest.Run r = EvCommandTest.run("bounds", "downlink", "--delta", "2", "--k", "5");
        assertEquals("prime: k: switch radix must be even and in [4, 64] for this command, got 5", r.err().strip());
        // a link the fabric cannot parse gets the command's own hint (one uplink of leaf0), not the parser's (any cable)
        for (String link : new String[] {"", "leaf0", "leaf0-spine0"}) {
            r = EvCommandTest.run("motivation", "--link", link);
            assertEquals("prime: link: must be one uplink direction of leaf0, e.g. leaf0->spine0, got '" + link + "'",
                    r.err().strip());
        }
    }

    /**
     * An option is refused for having no effect only where it has none: with a scheme, workload or fault that reads
     * it, the same options run, and an option left at its default (not named) is never refused.
     */
    @Test
    void optionsWithAnEffectRunAndDefaultsAreNeverRefused(@TempDir Path dir) throws IOException {
        String[][] accepted = {
            {"sim", "--k", "4", "--lb", "ecmp,prime", "--p-ecn", "2", "--flow-size", "64KB"},
            {"sim", "--k", "4", "--lb", "prime", "--ecmp-fraction", "0.5", "--ev-space", "8", "--sched", "wrr:0.5",
                "--flow-size", "64KB"},
            {"sim", "--k", "4", "--lb", "rps", "--spray-order", "cycle", "--flow-size", "64KB"},
            {"sim", "--k", "4", "--traffic", "ring", "--group", "4", "--placement", "spread", "--flow-size", "64KB"},
            {"sim", "--k", "4", "--fail-random", "1", "--fail-at", "1us", "--detect", "5us", "--flow-size", "64KB"},
            {"fluid", "--k", "4", "--degrade-fraction", "0.25", "--degrade-to", "100G", "--flow-size", "64KB"},
            {"fluid", "--k", "4", "--lb", "ecmp", "--flow-size", "64KB"},
            {"fluid", "--k", "4", "--engine", "quantum", "--p-ecn", "2", "--p-nack", "8", "--flow-size", "64KB"},
            {"fluid", "--k", "4", "--fail", "leaf0-spine1@5us", "--detect", "50us", "--rto", "20us", "--flow-size",
                "64KB"}};
        for (String[] args : accepted) {
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(0, r.code(), String.join(" ", args) + ": " + r.err());
        }
        Path cm = Files.writeString(dir.resolve("w.cm"), "Nodes 8\nConnections 1\n0->7 id 1 start 0 size 4096\n");
        EvCommandTest.Run r = EvCommandTest.run("sim", "--k", "4", "--traffic", cm.toString());
        assertEquals(0, r.code(), r.err());
        r = EvCommandTest.run("sim", "--k", "4", "--traffic", cm.toString(), "--flow-size", "8MB");
        assertEquals(PrimeCommand.EXIT_BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().startsWith("prime: flow-size: has no effect with a connection-matrix file"), r.err());
    }

    @Test
    void versionAnswersOnEverySubcommand() {
        for (String[] args : new String[][] {{"--version"}, {"sim", "--version"}, {"bounds", "ideal-fct", "--version"},
            {"bench", "--version"}}) {
            EvCommandTest.Run r = EvCommandTest.run(args);
            assertEquals(0, r.code());
            assertTrue(r.out().startsWith("PRIME lab "), String.join(" ", args) + ": '" + r.out() + "'");
        }
    }

    @Test
    void theMicroSignIsAcceptedAndRareBinCountsWork() {
        EvCommandTest.Run r = EvCommandTest.run("bounds", "ideal-fct", "--k", "4", "--rate", "400G", "--flow-size",
                "2MB", "--delay", "20\u00b5s", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"hops\":4"), r.out());
        r = EvCommandTest.run("bounds", "balls", "--balls", "10", "--bins", "200000", "--json");
        assertEquals(0, r.code(), r.err());
    }
}
