package org.vramsheet.io.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** Issue 18: measuring a running engine, against a simulated one on loopback. */
class ProbeTest {
    private static final WorkloadRunner.Shape SHAPE = new WorkloadRunner.Shape(100, 60);

    @Test
    void theProbeReadsThePoolAndTheRampFindsTheBoundary() throws Exception {
        try (SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            EngineProbe probe = new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(10));
            EngineProbe.Snapshot s = probe.snapshot();
            assertEquals("vLLM", s.engine());
            assertEquals("0.19.0", s.engineVersion());
            assertEquals(100L, s.numGpuBlocks());
            assertEquals(16, s.blockSize());
            assertEquals(1600L, s.capacityTokens(), "blocks x block size");
            var r = new WorkloadRunner(probe, s.modelId(), new WorkloadRunner.Limits(500, 120, 64), x -> { }).ramp(SHAPE);
            // 160 tokens = 10 blocks a sequence: 10 fit the 100 blocks, the 11th makes the engine preempt
            int implied = 100 / 10 + 1;
            assertTrue(Math.abs(r.boundaryConcurrency() - implied) <= 1, "found " + r.boundaryConcurrency() + ", implied "
                    + implied + ": " + r.steps());
            assertEquals((long) r.boundaryConcurrency() * 160, r.boundaryActiveTokens());
            assertTrue(r.peakKvUsage() != null && r.peakKvUsage() > 0.5, "peak KV usage " + r.peakKvUsage());
            assertTrue(r.requestsSent() <= 500 && r.requestsSent() == sim.completions.get(), r.requestsSent() + " / "
                    + sim.completions.get());
        }
    }

    @Test
    void theLimitsAreNeverExceeded() throws Exception {
        try (SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            EngineProbe probe = new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(10));
            var r = new WorkloadRunner(probe, "m", new WorkloadRunner.Limits(8, 60, 64), x -> { }).ramp(SHAPE);
            assertTrue(sim.completions.get() <= 8, "requests " + sim.completions.get());
            assertNull(r.boundaryConcurrency(), "1 + 2 + 4 clean, then 8 more would pass the limit");
            assertTrue(r.stoppedBecause().startsWith("request limit"), r.stoppedBecause());
        }
    }

    @Test
    void hostileServersGetAOneLineReason() throws Exception {
        try (SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            sim.requiredKey = "s3cret";
            var noKey = assertThrows(EngineProbe.ProbeException.class,
                    () -> new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(5)).snapshot());
            assertTrue(noKey.getMessage().contains("unauthorised"), noKey.getMessage());
            assertEquals(1600L, new EngineProbe(URI.create(sim.url()), "s3cret", Duration.ofSeconds(5)).snapshot().capacityTokens());
            sim.requiredKey = null;
            sim.stallMillis = 3000;
            var stalled = assertThrows(EngineProbe.ProbeException.class,
                    () -> new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(1)).snapshot());
            assertTrue(stalled.getMessage().contains("timed out"), stalled.getMessage());
            sim.stallMillis = 0;
            sim.malformedMetrics = true;
            assertEquals(1600L, new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(5)).snapshot().capacityTokens(),
                    "malformed lines are skipped, the rest read");
            sim.malformedMetrics = false;
            sim.dropConnections = true;
            var dropped = assertThrows(EngineProbe.ProbeException.class,
                    () -> new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(5)).snapshot());
            assertTrue(dropped.getMessage().contains("unreachable"), dropped.getMessage());
        }
    }

    /** The API key is never sent to another origin: a redirect is refused, not followed. */
    @Test
    void aRedirectIsNotFollowedWithTheKey() throws Exception {
        try (SimulatedEngine other = new SimulatedEngine(10, 16); SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            sim.redirectTo = other.url();
            var e = assertThrows(EngineProbe.ProbeException.class,
                    () -> new EngineProbe(URI.create(sim.url()), "s3cret", Duration.ofSeconds(5)).snapshot());
            assertTrue(e.getMessage().contains("redirected") && e.getMessage().contains("not followed"), e.getMessage());
            assertNull(other.lastAuthorization, "nothing reached the other origin");
        }
    }

    @Test
    void theCliPrintsJsonAndRecordsTheResult(@TempDir Path dir) throws Exception {
        try (SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            Worksheet ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
            ws = ws.withWorkloads(new org.vramsheet.core.sheet.Workloads(ws.workloads().typical(), ws.workloads().heavy(),
                    new Scenario(100L, 60L, 4L, null, null, null))).withResult(ws.result().withSizingScenario(ScenarioId.LIMIT));
            Path sheet = dir.resolve("w.json");
            WorksheetJson.save(ws, sheet);
            Path updated = dir.resolve("u.json");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = org.vramsheet.cli.Cli.run(new String[] {"probe", sim.url(), "--worksheet", sheet.toString(), "--scenario",
                "ramp", "--max-requests", "200", "--json", "-o", updated.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            var j = WorksheetJson.shared().readTree(out.toString(StandardCharsets.UTF_8));
            for (String key : List.of("capacityTokens", "numGpuBlocks", "blockSize", "peakKvUsage", "requestsSent", "engine",
                    "engineVersion")) {
                assertTrue(j.has(key), key + " in " + j);
            }
            assertEquals(1600, j.get("capacityTokens").asLong());
            int boundary = j.path("preemptionBoundary").path("concurrency").asInt();
            assertTrue(Math.abs(boundary - 11) <= 1, j.toString());
            assertTrue(j.path("modelMismatch").asText().contains("Llama-3.1-8B"), "the mismatched model is a finding: " + j);
            Worksheet back = WorksheetJson.read(updated);
            assertEquals(1600L, back.validation().kvCapacityTokens());
            assertEquals((long) boundary, back.validation().preemptionSequences());
            assertTrue(back.validation().notes().contains("Measured at " + sim.url()), back.validation().notes());
            assertTrue(back.validation().notes().contains("operational headroom: Limit plans 4 concurrent sequences, the engine ran "
                    + (boundary - 1) + " without preempting"), back.validation().notes());
            assertEquals(2, org.vramsheet.cli.Cli.run(new String[] {"probe", "http://127.0.0.1:9"}, new PrintStream(out),
                    new PrintStream(err)), "unreachable: exit 2");
        }
    }

    /** The parser on captures written from vLLM's and SGLang's documented metric names and format. */
    @Test
    void metricsCapturesParse() throws Exception {
        String vllm = """
                # HELP vllm:num_requests_running Number of requests in model execution batches.
                # TYPE vllm:num_requests_running gauge
                vllm:num_requests_running{engine="0",model_name="Qwen/Qwen2.5-7B-Instruct"} 3.0
                vllm:gpu_cache_usage_perc{model_name="Qwen/Qwen2.5-7B-Instruct"} 0.25
                vllm:num_preemptions_total{model_name="Qwen/Qwen2.5-7B-Instruct"} 7.0
                vllm:cache_config_info{block_size="16",cache_dtype="fp8",num_gpu_blocks="68537",num_cpu_blocks="None"} 1.0
                vllm:e2e_request_latency_seconds_bucket{le="+Inf",model_name="x"} 12.0
                """;
        var s = EngineProbe.fromMetrics(Metrics.parse(vllm), "m", null, null);
        assertEquals(1_096_592L, s.capacityTokens());
        assertEquals(0.25, s.kvUsage(), 1e-12, "older vLLM's gpu_cache_usage_perc");
        assertEquals(7.0, s.preemptions());
        assertEquals("fp8", s.cacheDtype());
        String sglang = """
                # TYPE sglang:max_total_num_tokens gauge
                sglang:max_total_num_tokens{model_name="meta-llama/Llama-3.1-8B-Instruct"} 411246.0
                sglang:token_usage{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.12
                sglang:num_running_reqs{model_name="meta-llama/Llama-3.1-8B-Instruct"} 5.0
                sglang:num_queue_reqs{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.0
                """;
        var g = EngineProbe.fromMetrics(Metrics.parse(sglang), "m", null, null);
        assertEquals("SGLang", g.engine());
        assertEquals(411_246L, g.capacityTokens());
        assertEquals(5.0, g.running());
        Metrics bad = Metrics.parse("x{a=\"1\" 3\n{}\nok 1\nlabel{a=\"q\\\"uote\"} 2\n");
        assertEquals(2, bad.malformed());
        assertEquals("q\"uote", bad.first("label").labels().get("a"));
    }
}
