package org.vramsheet.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Issue 29 points 3-4 / issue 31 Seen 4: GPU choices ranked by the binding limit (memory and RESULT's latency targets),
 * the cost of each (per replica-hour, per fleet-hour for the target, per million output tokens) and the cheapest option
 * that meets every target marked; each figure checked against the placed sheet's own calculation.
 */
class PlannerRankTest {
    /** H100 SXM's and H200's datasheet figures (the catalog's, typed here: core tests read no catalog). */
    static final GpuSpeed H100 = new GpuSpeed(3350.0, 989.0, 1978.0, null, 450.0, "NVLink 4", "test");
    static final GpuSpeed H200 = new GpuSpeed(4800.0, 989.0, 1978.0, null, 450.0, "NVLink 4", "test");

    static final String EXAMPLE = "example price, test list, 2026-09-20, not a quote";

    static List<Planner.Option> options() {
        return List.of(new Planner.Option("1 x H100", "H100", 1, Units.gib(79.19), 4.29, EXAMPLE, H100, null),
                new Planner.Option("2 x H100", "H100", 2, Units.gib(79.19), 4.29, EXAMPLE, H100, null),
                new Planner.Option("4 x H100", "H100", 4, Units.gib(79.19), 4.29, EXAMPLE, H100, null),
                new Planner.Option("1 x H200", "H200", 1, Units.gib(139.81), 4.59, "example price, other, 2026-10-07", H200, null),
                new Planner.Option("2 x H200 unpriced", "H200", 2, Units.gib(139.81), null, "", H200, null));
    }

    /** The seed-003 sample (70B INT4, prompts and outputs in every scenario) with RESULT's target of 64 sequences. */
    static Worksheet seed003() {
        try {
            Worksheet ws = org.vramsheet.io.json.WorksheetJson.read(java.nio.file.Path.of("assets/samples/seed003-70b-int4-80gib.json"));
            return ws.withResult(ws.result().withTargetSequences(64L));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static Worksheet withTargets(Worksheet ws, double itlMs) {
        return ws.withResult(ws.result().withSla(new SlaTargets(null, TtftPercentile.P95, itlMs, null)));
    }

    @Test
    void withoutTargetsMemoryAloneBindsAndTheRankIsTheMemoryLimit() {
        List<Planner.Row> rows = Planner.ranked(Planner.compare(seed003(), options()));
        for (Planner.Row r : rows) {
            assertEquals(r.maxConcurrency(), r.bindingConcurrency(), r.option().name());
            assertEquals(Planner.Binds.MEMORY_ONLY, r.perf().binds(), r.option().name());
            assertNull(r.perf().latencyMaxConcurrency(), "no target, no latency limit");
        }
        assertRanked(rows);
    }

    @Test
    void withAnItlTargetTheSmallerLimitBindsAndSaysWhich() {
        Worksheet ws = withTargets(seed003(), 30);
        List<Planner.Row> rows = Planner.compare(ws, options());
        boolean latencyBound = false;
        for (Planner.Row r : rows) {
            if (r.layout() == null) {
                continue;
            }
            Worksheet placed = Planner.placedOn(ws, r.option());
            SizingResult own = SizingCalculator.calculate(placed);
            long mem = own.get(FigureKey.POOL_MAX_CONCURRENCY).value();
            long lat = own.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).value();
            assertEquals(mem, r.maxConcurrency(), r.option().name());
            assertEquals(lat, r.perf().latencyMaxConcurrency(), r.option().name());
            assertEquals(Math.min(mem, lat), r.bindingConcurrency(), r.option().name());
            assertEquals(lat < mem ? Planner.Binds.LATENCY : Planner.Binds.MEMORY, r.perf().binds(), r.option().name());
            latencyBound |= lat < mem;
        }
        assertTrue(latencyBound, "a 30 ms ITL target binds somewhere on a 70B model: " + rows);
        assertRanked(Planner.ranked(rows));
    }

    @Test
    void theContextMovesBothLimits() {
        Worksheet at8k = withTargets(seed003(), 30);
        Worksheet at2k = at8k.withResult(at8k.result().withContextLength(2048L));
        Planner.Row a = Planner.compare(at8k, options()).get(1);
        Planner.Row b = Planner.compare(at2k, options()).get(1);
        assertTrue(b.maxConcurrency() > a.maxConcurrency(), a.maxConcurrency() + " -> " + b.maxConcurrency());
        assertTrue(b.perf().latencyMaxConcurrency() > a.perf().latencyMaxConcurrency(),
                a.perf().latencyMaxConcurrency() + " -> " + b.perf().latencyMaxConcurrency());
    }

    @Test
    void costsPerReplicaFleetAndMillionTokensAndTheCheapestMarked() {
        Worksheet ws = withTargets(seed003(), 30); // RESULT target 64 sequences
        List<Planner.Row> rows = Planner.compare(ws, options());
        Planner.Row two = rows.get(1);
        assertEquals(2 * 4.29, two.costPerReplicaHour(), 1e-9);
        long replicas = (64 + two.bindingConcurrency() - 1) / two.bindingConcurrency();
        assertEquals(replicas, two.replicasForTarget(), "replicas for the target at the binding limit");
        assertEquals(replicas * 2 * 4.29, two.perf().fleetCostPerHour(), 1e-9);
        double tps = SizingCalculator.calculate(Planner.placedOn(ws, two.option())).get(FigureKey.performance(
                ws.result().sizingScenario(), org.vramsheet.core.result.LatencyFigure.THROUGHPUT)).ratio();
        assertEquals(2 * 4.29 / (tps * 3600) * 1e6, two.perf().costPerMillionOutput(), 1e-9);
        assertEquals("example price, test list, 2026-09-20, not a quote", two.perf().priceSource());
        Planner.Row unpriced = rows.get(4);
        assertNull(unpriced.perf().fleetCostPerHour());
        assertTrue(unpriced.perf().costWhy().startsWith("no price for this GPU"), unpriced.perf().costWhy());
        assertFalse(unpriced.perf().isCheapest());
        List<Planner.Row> cheapest = rows.stream().filter(r -> r.perf().isCheapest()).toList();
        assertEquals(1, cheapest.size(), "one cheapest");
        Planner.Row c = cheapest.get(0);
        for (Planner.Row r : rows) {
            if (r.meetsAll() && r.perf().fleetCostPerHour() != null) {
                assertTrue(c.perf().fleetCostPerHour() <= r.perf().fleetCostPerHour(), r.option().name());
            }
        }
        assertTrue(c.perf().cheapest().startsWith("cheapest that meets every target: " + c.replicasForTarget()
                + " replica(s) of " + c.option().count() + " GPU(s) hold 64 sequences"), c.perf().cheapest());
    }

    @Test
    void aTypedPriceOverridesTheExampleOnTheSheetsGpuAndAChoicesOwnPriceWins() {
        Worksheet ws = seed003();
        ws = ws.withGpu(ws.gpu().withPerformance(H100)).withResult(ws.result().withPricePerGpuHour(2.0));
        String gpu = ws.gpu().name();
        Planner.Row sheets = Planner.compare(ws, List.of(new Planner.Option("2 x mine", gpu, 2, Units.gib(79.19), 4.29,
                "example price, x, 2026-09-20, not a quote", H100, null))).get(0);
        assertEquals(2.0, sheets.perf().pricePerGpuHour());
        assertEquals("typed in RESULT (the sheet's GPU)", sheets.perf().priceSource());
        Planner.Row other = Planner.compare(ws, List.of(options().get(1))).get(0);
        assertEquals(4.29, other.perf().pricePerGpuHour(), "another GPU keeps its example price");
        Planner.Row typed = Planner.compare(ws, List.of(new Planner.Option("2 x H100 at 1.5", "H100", 2, Units.gib(79.19),
                1.5, "", H100, null))).get(0);
        assertEquals(1.5, typed.perf().pricePerGpuHour());
        assertEquals("typed", typed.perf().priceSource());
    }

    @Test
    void noOptionMeetingEveryTargetMarksNone() {
        Worksheet ws = withTargets(seed003(), 0.5); // no GPU decodes a 70B model in 0.5 ms
        List<Planner.Row> rows = Planner.compare(ws, options());
        assertTrue(rows.stream().noneMatch(r -> r.perf().isCheapest()));
        assertTrue(rows.stream().filter(r -> r.layout() != null).allMatch(r -> r.bindingConcurrency() == 0), rows.toString());
        assertTrue(rows.get(1).perf().costWhy().contains("not even one sequence"), rows.get(1).perf().costWhy());
    }

    private static void assertRanked(List<Planner.Row> rows) {
        for (int i = 1; i < rows.size(); i++) {
            Planner.Row a = rows.get(i - 1);
            Planner.Row b = rows.get(i);
            assertTrue(a.meetsAll() || !b.meetsAll(), "those that meet every target first");
            if (a.meetsAll() && b.meetsAll()) {
                assertTrue(a.bindingConcurrency() >= b.bindingConcurrency(), a.bindingConcurrency() + " then "
                        + b.bindingConcurrency());
            }
        }
    }
}
