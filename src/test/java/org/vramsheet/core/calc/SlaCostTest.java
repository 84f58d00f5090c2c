package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.sheet.Worksheet;

/**
 * RESULT's SLA verdict and the costs on Llama 3.1 70B BF16 (PerfStepTest's sheets, utilizations typed as round numbers).
 * The SLA load is RESULT's context 8,192 with the sizing scenario's (Limit) 2,048 output tokens: prompt 6,144.
 */
class SlaCostTest {
    static Worksheet targets(Worksheet ws, Double ttft, TtftPercentile p, Double itl, Double perUser) {
        return ws.withResult(ws.result().withSla(new SlaTargets(ttft, p, itl, perUser)));
    }

    static long n(SizingResult r, FigureKey k) {
        Figure f = r.get(k);
        assertTrue(f.available(), k + ": " + f.reason());
        return f.value();
    }

    @Test
    void latencyBindsWhenOneMoreSequenceMissesTheItlTarget() throws Exception {
        // Llama 3.1 8B on one H100 at 0.8 x 3,350 GB/s = 2.68e12 B/s. batch 1: 16,060,522,496 + (6,144 + 2,048 / 2) x
        // 131,072 = 17,000,046,592 B -> 6.3433 ms + the step's 0.75 ms = 7.0933 ms; batch 2: 17,939,570,688 B -> 6.6939 +
        // 0.75 ms + 1/2,048 of a 6,144-token prefill (about 220 ms) -> about 7.55 ms: a 7.25 ms target holds one
        // sequence, a 7.0 ms one none
        SizingResult r = SizingCalculator.calculate(targets(PerfStepTest.llama8b(), null, null, 7.25, null));
        assertEquals(1, n(r, FigureKey.SLA_LATENCY_MAX_CONCURRENCY),
                r.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).provenance().toString());
        assertTrue(n(r, FigureKey.POOL_MAX_CONCURRENCY) > 1, "memory holds more");
        assertEquals(1, n(r, FigureKey.SLA_MAX_CONCURRENCY));
        assertTrue(r.get(FigureKey.SLA_LATENCY_BINDS).isTrue());
        assertTrue(r.get(FigureKey.SLA_LATENCY_BINDS).provenance().expression().endsWith("latency binds"),
                r.get(FigureKey.SLA_LATENCY_BINDS).provenance().expression());
        assertTrue(r.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).provenance().expression().contains("at 1: TTFT p95"),
                r.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).provenance().expression());
        SizingResult none = SizingCalculator.calculate(targets(PerfStepTest.llama8b(), null, null, 7.0, null));
        assertEquals(0, n(none, FigureKey.SLA_LATENCY_MAX_CONCURRENCY));
        assertEquals(0, n(none, FigureKey.SLA_MAX_CONCURRENCY));
        assertTrue(none.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).provenance().expression()
                .contains("one sequence already misses"));
        // per user: 1000 / 7.0933 ms = 141.0 tokens/s; 138 holds one sequence (two get 1000 / 7.55 = 132), 142 none
        assertEquals(1, n(SizingCalculator.calculate(targets(PerfStepTest.llama8b(), null, null, null, 138.0)),
                FigureKey.SLA_LATENCY_MAX_CONCURRENCY));
        assertEquals(0, n(SizingCalculator.calculate(targets(PerfStepTest.llama8b(), null, null, null, 142.0)),
                FigureKey.SLA_LATENCY_MAX_CONCURRENCY));
    }

    @Test
    void memoryBindsWhenTheTargetsAreLoose() throws Exception {
        SizingResult r = SizingCalculator.calculate(targets(PerfStepTest.llama8b(), 60_000.0, null, 1000.0, null));
        long mem = n(r, FigureKey.POOL_MAX_CONCURRENCY);
        long latency = n(r, FigureKey.SLA_LATENCY_MAX_CONCURRENCY);
        assertTrue(latency > mem && mem > 1, latency + " vs " + mem);
        assertEquals(mem, n(r, FigureKey.SLA_MAX_CONCURRENCY));
        assertFalse(r.get(FigureKey.SLA_LATENCY_BINDS).isTrue());
        assertTrue(r.get(FigureKey.SLA_LATENCY_BINDS).provenance().expression().endsWith("memory binds"));
        // 70B BF16 on one H200 at vLLM's 0.9: the weights leave no KV pool, so memory binds at 0 whatever the targets
        SizingResult h200 = SizingCalculator.calculate(targets(PerfStepTest.llama70b(), null, null, 1000.0, null));
        assertEquals(0, n(h200, FigureKey.POOL_MAX_CONCURRENCY));
        assertEquals(0, n(h200, FigureKey.SLA_MAX_CONCURRENCY));
        assertFalse(h200.get(FigureKey.SLA_LATENCY_BINDS).isTrue());
    }

    @Test
    void theSearchFindsTheLastConcurrencyThatMeetsTheTargets() throws Exception {
        Worksheet ws = targets(PerfStepTest.llama8b(), 2000.0, TtftPercentile.P95, 12.0, null);
        SizingResult r = SizingCalculator.calculate(ws);
        long l = n(r, FigureKey.SLA_LATENCY_MAX_CONCURRENCY);
        assertTrue(l > 1, "a 12 ms ITL holds more than one sequence: " + l);
        // the provenance prints the estimate at L (meets) and L + 1 (misses)
        String e = r.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).provenance().expression();
        assertTrue(e.contains("at " + l + ": TTFT p95") && e.contains("; at " + (l + 1) + ": "), e);
        // the p50 target is easier than the p95 one: at least as many sequences
        long p50 = n(SizingCalculator.calculate(targets(PerfStepTest.llama8b(), 2000.0, TtftPercentile.P50, 12.0, null)),
                FigureKey.SLA_LATENCY_MAX_CONCURRENCY);
        assertTrue(p50 >= l, p50 + " >= " + l);
    }

    @Test
    void withoutATargetOrPerformanceTheVerdictSaysWhy() throws Exception {
        SizingResult r = SizingCalculator.calculate(PerfStepTest.llama70b());
        assertFalse(r.get(FigureKey.SLA_MAX_CONCURRENCY).available());
        assertTrue(r.get(FigureKey.SLA_MAX_CONCURRENCY).reason().startsWith("RESULT has no latency target"));
        Worksheet ws = targets(PerfStepTest.llama70b(), null, null, 50.0, null);
        SizingResult noPerf = SizingCalculator.calculate(ws.withGpu(ws.gpu().withPerformance(null)));
        assertTrue(noPerf.get(FigureKey.SLA_LATENCY_BINDS).reason().contains("no performance data"));
        SizingResult bad = SizingCalculator.calculate(targets(PerfStepTest.llama70b(), -1.0, null, null, null));
        assertTrue(bad.issues().stream().anyMatch(i -> i.field().equals("result.sla.ttftMs")
                && i.message().equals("must be more than 0, not -1")), bad.issues().toString());
        assertFalse(bad.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).available());
    }

    @Test
    void costPerReplicaFleetAndMillionTokens() throws Exception {
        Worksheet ws = PerfStepTest.onH100(PerfStepTest.llama70b(), 2);
        ws = ws.withResult(ws.result().withPricePerGpuHour(3.0).withTargetSequences(100L));
        SizingResult r = SizingCalculator.calculate(ws);
        // 3.00 per GPU-hour x 2 GPUs = 6.00 per replica-hour
        assertEquals(6.0, r.get(FigureKey.COST_REPLICA_HOUR).ratio(), 1e-12);
        long replicas = n(r, FigureKey.PLACEMENT_REPLICAS_FOR_TARGET);
        assertEquals(6.0 * replicas, r.get(FigureKey.COST_FLEET_HOUR).ratio(), 1e-9);
        // typical: 1000 / 28.7735 ms (PerfStepTest) = 34.754 tokens/s; 6.00 / (34.754 x 3600) x 10^6 = 47.956 per million
        double tps = r.get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.THROUGHPUT)).ratio();
        assertEquals(34.754, tps, 1e-3);
        assertEquals(47.956, r.get(FigureKey.costPerMillion(ScenarioId.TYPICAL)).ratio(), 1e-3);
        SizingResult free = SizingCalculator.calculate(PerfStepTest.llama70b());
        assertEquals("RESULT has no price per GPU-hour", free.get(FigureKey.COST_PRICE_PER_GPU_HOUR).reason());
        assertFalse(free.get(FigureKey.costPerMillion(ScenarioId.HEAVY)).available());
    }
}
