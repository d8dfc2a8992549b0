package org.primelab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.primelab.packet.SimConfig;
import org.primelab.core.history.CongestionHistory;
import org.primelab.core.entropy.PenaltyRtts;
import org.primelab.cli.PrimeCommand;
import org.primelab.fluid.FluidResult;
import org.primelab.fluid.flowlevel.FluidCaveats;
import org.primelab.packet.metrics.SimResult;

/**
 * The facade runs exactly what the command line runs: the same numbers as {@code prime sim --json} and
 * {@code prime fluid --json} for the same options, the same one-line refusals, the same check verdicts;
 * and every value it hands out prints readably.
 */
class PrimeTest {
    /** Half a unit of the 6th significant digit, where {@code --json} rounds doubles, relative. */
    private static final double JSON_ROUNDING = 0.5e-5;
    private static final Path FIXTURES = Path.of("..", "examples", "htsim");

    /** {@code prime ARGS} in this JVM: exit status, stdout, stderr. */
    private static String[] cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = PrimeCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {String.valueOf(code), out.toString(), err.toString()};
    }

    /** The numeric JSON field {@code name} of every line of {@code json}, in order. */
    private static List<Double> field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":([-0-9.eE]+)").matcher(json);
        return m.results().map(r -> Double.parseDouble(r.group(1))).toList();
    }

    @Test
    void simAgreesExactlyWithTheCommandLineOnTheSameOptions() {
        Prime.Runs<SimResult> runs = Prime.fatTree(2, 4).rate("100G").delay("500ns").flowSize("64KB").seed(3)
                .sim("prime,reps,ecmp");
        String[] r = cli("sim", "--tiers", "2", "--k", "4", "--rate", "100G", "--delay", "500ns", "--flow-size", "64KB",
                "--seed", "3", "--lb", "prime,reps,ecmp", "--json");
        assertEquals("0", r[0], r[2]);
        List<Double> maxFct = field(r[1], "max_fct_us");
        List<Double> ratio = field(r[1], "ratio");
        assertEquals(3, maxFct.size(), r[1]);
        for (int i = 0; i < 3; i++) {
            // the JSON keeps 6 significant digits: identical runs agree to that
            assertEquals(maxFct.get(i), runs.runs().get(i).maxFctPs() / 1e6, JSON_ROUNDING * maxFct.get(i));
            assertEquals(ratio.get(i), runs.runs().get(i).ratio(), JSON_ROUNDING * ratio.get(i));
        }
        assertEquals(runs.get("reps").ratio(), runs.ratio("reps"));
        assertEquals(Prime.fatTree(2, 4).rate("100G").delay("500ns").flowSize("64KB").seed(3).idealFct().maxFctPs(),
                runs.first().idealMaxFctPs());
    }

    @Test
    void evSpaceIsTheCommandLinesOption() {
        Prime.Runs<SimResult> runs = Prime.fatTree(2, 8).flowSize("128KB").evSpace(2).sim("reps");
        String[] r = cli("sim", "--k", "8", "--flow-size", "128KB", "--ev-space", "2", "--lb", "reps", "--json");
        assertEquals("0", r[0], r[2]);
        double maxFct = field(r[1], "max_fct_us").get(0);
        assertEquals(maxFct, runs.first().maxFctPs() / 1e6, JSON_ROUNDING * maxFct);
        assertEquals(2, runs.first().config().effectiveEntropy().evSpace());
        assertTrue(runs.first().maxFctPs() > Prime.fatTree(2, 8).flowSize("128KB").sim("reps").first().maxFctPs(),
                "two EVs per flow collide where 2^16 spread");
        assertEquals("ev-space: must be in [1, 65536], got 0",
                assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 8).evSpace(0)).getMessage());
    }

    /** The builder sets options one call at a time, so an option without effect is refused when a run starts. */
    @Test
    void optionsWithoutEffectAreRefusedWhenARunStarts() {
        Prime penalised = Prime.fatTree(2, 4).flowSize("64KB").penalties(2, 8, "time");   // PRIME, the default: fine
        assertTrue(penalised.sim().first().maxFctPs() > 0);
        Prime ecmp = penalised.lb("ecmp");                                                 // built, not yet run
        assertEquals("p-ecn: sets PRIME's congestion history, which no scheme of --lb ecmp has (CO-PRIME has none by"
                + " design)", assertThrows(IllegalArgumentException.class, ecmp::sim).getMessage());
        assertThrows(IllegalArgumentException.class, ecmp::fluid);
        assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 4).detect("5us").fluid());
    }

    @Test
    void sprayOrderIsTheCommandLinesOption() {
        Prime cycling = Prime.fatTree(2, 8).flowSize("512KB").evSpace(64).sprayOrder("cycle");
        Prime.Runs<SimResult> runs = cycling.sim("rps");
        String[] r = cli("sim", "--k", "8", "--flow-size", "512KB", "--ev-space", "64", "--spray-order", "cycle",
                "--lb", "rps", "--json");
        assertEquals("0", r[0], r[2]);
        double maxFct = field(r[1], "max_fct_us").get(0);
        assertEquals(maxFct, runs.first().maxFctPs() / 1e6, JSON_ROUNDING * maxFct);
        assertEquals(org.primelab.core.entropy.SprayOrder.CYCLE, runs.first().config().effectiveEntropy().sprayOrder());
        assertTrue(runs.first().maxFctPs() != Prime.fatTree(2, 8).flowSize("512KB").evSpace(64).sim("rps").first()
                .maxFctPs(), "cycling the EVs changes the run");
    }

    @Test
    void penaltiesAreTheCommandLinesOptionsAndTheLibrarysSetting() {
        Prime base = Prime.fatTree(2, 8).flowSize("512KB").degrade(0.25, "100G");
        Prime.Runs<SimResult> runs = base.penalties(8, 32, "time").sim("prime");
        String[] r = cli("sim", "--k", "8", "--flow-size", "512KB", "--degrade-fraction", "0.25", "--degrade-to", "100G",
                "--p-ecn", "8", "--p-nack", "32", "--lb", "prime", "--json");
        assertEquals("0", r[0], r[2]);
        double maxFct = field(r[1], "max_fct_us").get(0);
        assertEquals(maxFct, runs.first().maxFctPs() / 1e6, JSON_ROUNDING * maxFct);
        SimConfig library = base.lb("prime").configs().get(0).withPenalties(new PenaltyRtts(CongestionHistory.Decay.TIME, 8, 32));
        assertEquals(library.scenario(), runs.first().scenario());
        assertTrue(runs.first().maxFctPs() != base.sim("prime").first().maxFctPs(), "longer penalties change PRIME's run");
        assertEquals(base.sim("prime").first().scenario(), base.penalties(1, 4, "time").sim("prime").first().scenario(),
                "the defaults given explicitly are the defaults");
    }

    @Test
    void fluidAgreesExactlyWithTheCommandLineOnACollective() {
        Prime.Runs<FluidResult> runs = Prime.fatTree(2, 4).allReduce("32KB").group(4).fluid("prime");
        String[] r = cli("fluid", "--tiers", "2", "--k", "4", "--traffic", "allreduce", "--flow-size", "32KB",
                "--group", "4", "--lb", "prime", "--json");
        assertEquals("0", r[0], r[2]);
        double fluidMax = field(r[1], "max_fct_us").get(0);
        assertEquals(fluidMax, runs.first().maxFctPs() / 1e6, JSON_ROUNDING * fluidMax);
        assertTrue(runs.first().scenario().workload().hasDependencies(), "allreduce chains its flows");
    }

    @Test
    void fluidRunsCarryTheEngineAndTheCaveatsTheCommandLinePrints() {
        Prime.Runs<FluidResult> runs = Prime.fatTree(2, 4).rate("100G").flowSize("64KB").fluid("prime,ecmp");
        String[] r = cli("fluid", "--tiers", "2", "--k", "4", "--rate", "100G", "--flow-size", "64KB",
                "--lb", "prime,ecmp");
        assertEquals("0", r[0], r[2]);
        for (String scheme : List.of("prime", "ecmp")) {
            List<String> printed = new ArrayList<>();
            for (String line : r[1].split("\n")) {
                if (line.startsWith("engine " + scheme + ": ")) {
                    printed.add("engine " + line.substring(("engine " + scheme + ": ").length()));
                } else if (line.startsWith("caveat " + scheme + ": ")) {
                    printed.add("caveat: " + line.substring(("caveat " + scheme + ": ").length()));
                }
            }
            if (printed.size() > 1) {
                printed.add(FluidCaveats.WHERE_MEASURED_LINE);
            }
            assertEquals(printed, runs.notes(scheme), scheme);
            for (String note : printed) {
                assertTrue(runs.toString().contains("\n    " + note), runs.toString());
            }
        }
        assertTrue(runs.notes("ecmp").stream().anyMatch(n -> n.startsWith("caveat: the max FCT runs low")), runs.notes("ecmp").toString());
        assertTrue(Prime.fatTree(2, 4).sim("prime").notes("prime").isEmpty(), "a packet run has no notes");
    }

    @Test
    void refusalsAreTheCommandLinesOneLineMessages() {
        String[] cliErr = cli("sim", "--rate", "fast");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Prime.fatTree(2, 16).rate("fast"));
        assertEquals(cliErr[2].strip(), "prime: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("rate: "), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 8).flowSize("0B"))
                .getMessage().startsWith("flow-size: must be > 0 bytes"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 8).fail("leaf0-spine3"))
                .getMessage().startsWith("fail: "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 8).cc("reno"))
                .getMessage().startsWith("cc: "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Prime.balls(10, 0)).getMessage()
                .startsWith("bins: "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Prime.roundRobin(0, 8, 8)).getMessage()
                .startsWith("flows: "));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Prime.fatTree(2, 4).flowSize("8KB").sim("prime").get("ecmp")).getMessage().startsWith("lb: "));
        for (IllegalArgumentException x : List.of(
                assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(3, 9)),
                assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 8).degrade("leaf0-spine1=800G")))) {
            assertFalse(x.getMessage().contains("\n"), x.getMessage());
        }
    }

    /**
     * A run past the resource check's time budget is refused by the facade as prime sim and prime fluid refuse it,
     * before it starts (it ran for 19 hours); the fluid check weighs the engine that would run.
     */
    @Test
    void runsBeyondTheBudgetAreRefusedAsTheCommandLineRefusesThem() {
        String[] sim = cli("sim", "--k", "4", "--flow-size", "4000GB");
        assertEquals("2", sim[0]);
        IllegalArgumentException packet = assertThrows(IllegalArgumentException.class,
                () -> Prime.fatTree(2, 4).flowSize("4000GB").sim());
        assertEquals(sim[2].strip(), "prime: " + packet.getMessage());
        String[] fluid = cli("fluid", "--k", "4", "--flow-size", "4000GB", "--lb", "rps");
        assertEquals("2", fluid[0]);
        IllegalArgumentException quantum = assertThrows(IllegalArgumentException.class,
                () -> Prime.fatTree(2, 4).flowSize("4000GB").fluid("rps"));
        assertEquals(fluid[2].strip(), "prime: " + quantum.getMessage());
        // PRIME runs on the flow-level model, whose cost does not grow with bytes: within budget
        List<String> notes = Prime.fatTree(2, 4).flowSize("4000GB").fluid("prime").notes("prime");
        assertTrue(notes.get(0).startsWith("engine flow "), notes.toString());
        assertEquals("prime sim --tiers 2 --k 4 --force", Prime.fatTree(2, 4).force().toCommandLine());
    }

    @Test
    void valuesAreImmutableAndPrintTheirCommandLine() {
        Prime base = Prime.fatTree(2, 8);
        Prime failed = base.fail("leaf0-spine3@0ns").degrade("leaf1-spine0=100G").cc("fixed").lb("all");
        assertTrue(base.faults().isEmpty(), "the base experiment is unchanged");
        assertEquals("prime sim --tiers 2 --k 8 --cc fixed --lb all --fail leaf0-spine3@0ns --degrade leaf1-spine0=100G",
                failed.toCommandLine());
        assertEquals(6, failed.configs().size());
        assertEquals("2 failed directed links (leaf0->spine3 from 0ps, spine3->leaf0 from 0ps), 2 degraded directed"
                + " links (leaf1->spine0 at 100G, spine0->leaf1 at 100G)", failed.faults().toString());
        assertTrue(failed.toString().contains(", ecmp,rps,reps,prime,co-prime,ar, fixed, seed 1"), failed.toString());
        assertEquals(base.seed(7).flows(), base.permutation(7).flows());
        assertNotEquals(base.flows(), base.permutation(7).flows());
        assertEquals((32 / 9) * 8, base.incast(8).flows().size(), "disjoint groups of 9 hosts, 8 senders each");
        assertEquals(base.tree().hosts(), base.incast(8).group(0).permutation().flows().size());
    }

    /** Nulls and out-of-range counts are one-line IllegalArgumentExceptions naming what was given (they were NPEs). */
    @Test
    void nullsAndBadCountsAreNamedNotNullPointerExceptions() {
        Prime p = Prime.fatTree(2, 4).flowSize("16KB");
        String[][] cases = {{"fail"}, {"degrade"}, {"results"}, {"arguments"}, {"arguments"}, {"arguments"}, {"lb"},
            {"lb"}, {"lb"}, {"incast"}, {"incast"}};
        Prime.Runs<?> runs = p.sim("prime");
        List<org.junit.jupiter.api.function.Executable> calls = List.of(
            () -> p.fail(null), () -> p.degrade(null), () -> p.check((String) null), () -> Prime.check((String[]) null),
            () -> Prime.cli((String[]) null), () -> Prime.cli("sim", null), () -> runs.get(null), () -> runs.ratio(null),
            () -> runs.notes(null), () -> p.incast(0), () -> p.incast(Integer.MAX_VALUE));
        for (int i = 0; i < calls.size(); i++) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, calls.get(i), "case " + i);
            assertTrue(e.getMessage().startsWith(cases[i][0] + ": "), i + ": " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p.incast(Integer.MAX_VALUE)).getMessage()
                .endsWith("got " + Integer.MAX_VALUE), "the count the caller gave, not an overflowed group");
    }

    @Test
    void valuesPrintOneReadableLine() {
        Prime p = Prime.fatTree(2, 4).flowSize("16KB");
        assertEquals("flow 0: host 0 -> " + p.flows().get(0).dst() + ", 16000 B, at 0ps", p.flows().get(0).toString());
        assertEquals("8 flows of 16000 B (128000 B in all), 0 triggers", p.workload().toString());
        SimResult r = p.sim("prime").first();
        String line = r.toString();
        assertTrue(line.startsWith(String.format(Locale.ROOT, "prime    max FCT %.3f us", r.maxFctPs() / 1e6)), line);
        assertTrue(line.contains(String.format(Locale.ROOT, "ratio %.4f", r.ratio())), line);
        assertFalse(line.contains("FlowStats"), "the per-flow list stays out of the line");
        assertEquals("ideal max FCT 1.000 us", new Prime.Ideal(1_000_000).toString());
    }

    @Test
    void ballsIsTheExactDistribution() {
        // 2 balls in 2 bins: max 1 or 2 with probability 1/2 each
        assertEquals(1.5, Prime.balls(2, 2).expectedMax(), 1e-15);
        // beyond the rational calculator's 128 balls the facade answers as prime bounds balls does
        String cli = Prime.cli("bounds", "balls", "--balls", "200", "--bins", "16", "--json").out();
        java.util.regex.Matcher e = java.util.regex.Pattern.compile("\"expected_max\":([0-9.]+)").matcher(cli);
        assertTrue(e.find(), cli);
        assertEquals(Double.parseDouble(e.group(1)), Prime.balls(200, 16).expectedMax(), 1e-5 * Double.parseDouble(e.group(1)));
        // 3 balls in 3 bins: P(max = 1) = 3!/27, P(max = 3) = 3/27, else 2
        assertEquals((6 * 1 + 18 * 2 + 3 * 3) / 27.0, Prime.balls(3, 3).expectedMax(), 1e-15);
    }

    @Test
    void checkRunsPrimeCheckOnTheFacadesExperiment() {
        Prime.Output ok = Prime.fatTree(2, 16).lb("reps").cm(FIXTURES.resolve("perm_128.cm").toString())
                .check(FIXTURES.resolve("htsim_perm128_400g_reps.txt.gz").toString());
        assertEquals(0, ok.exitStatus(), ok.toString());
        assertTrue(ok.toString().contains("verdict: consistent"), ok.toString());
        // a rate htsim's header contradicts is refused as on the command line, with the same one-line message
        IllegalArgumentException wrongRate = assertThrows(IllegalArgumentException.class, () -> Prime.fatTree(2, 16)
                .rate("200G").lb("reps").cm(FIXTURES.resolve("perm_128.cm").toString())
                .check(FIXTURES.resolve("htsim_perm128_400g_reps.txt.gz").toString()));
        String[] viaCli = cli("check", "--k", "16", "--rate", "200G", "--lb", "reps", "--traffic",
                FIXTURES.resolve("perm_128.cm").toString(), "--htsim",
                FIXTURES.resolve("htsim_perm128_400g_reps.txt.gz").toString());
        assertEquals("2", viaCli[0]);
        assertTrue(viaCli[2].contains(wrongRate.getMessage()), viaCli[2] + " vs " + wrongRate.getMessage());
        assertEquals(ok.out(), Prime.check("--tiers", "2", "--k", "16", "--lb", "reps", "--traffic",
                FIXTURES.resolve("perm_128.cm").toString(), "--htsim",
                FIXTURES.resolve("htsim_perm128_400g_reps.txt.gz").toString()).out());
    }
}
