package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.ollama.OllamaDefaults;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup;
import org.vramsheet.core.engine.ollama.OllamaSetup;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.core.validation.OllamaLog;

/**
 * Ollama's planner estimate and its runner's buffers are two readings of one log, never mixed; the per-device summary is
 * the one or the other by the runner's engine; the real logs agree with the defaults of their releases.
 */
class OllamaLogReaderTest {
    private static FieldLogs.FieldLog log(String id) {
        return FieldLogs.of("ollama").filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    /** SYNTHETIC, in the wording of OL01 (the planner) and of Ollama's llama.cpp runner lines of that release (0.5.x). */
    @Test
    void theEstimateAndTheRunnersBuffersStayApart() {
        Measurement m = EngineLogParser.parse("time=2024-12-15T01:34:58.907+09:00 level=INFO source=memory.go:356 msg=\"offload to cuda\""
                + " layers.requested=-1 layers.model=29 layers.offload=29 layers.split=\"\" memory.available=\"[78.6 GiB]\""
                + " memory.gpu_overhead=\"0 B\" memory.required.full=\"3.7 GiB\" memory.required.partial=\"3.7 GiB\""
                + " memory.required.kv=\"896.0 MiB\" memory.required.allocations=\"[3.7 GiB]\" memory.weights.total=\"2.4 GiB\""
                + " memory.weights.repeating=\"2.1 GiB\" memory.weights.nonrepeating=\"308.2 MiB\" memory.graph.full=\"424.0 MiB\""
                + " memory.graph.partial=\"570.7 MiB\"\n"
                + "llm_load_tensors:      CUDA0 buffer size =  1918.35 MiB\n"
                + "llama_kv_cache_init:      CUDA0 KV buffer size =   900.00 MiB\n"
                + "llama_new_context_with_model: KV self size  =  900.00 MiB, K (f16):  450.00 MiB, V (f16):  450.00 MiB\n"
                + "llama_new_context_with_model:      CUDA0 compute buffer size =   430.00 MiB\n");
        assertEquals(896L * Units.MIB, m.plannedKvBytes(), "the estimate is the planner's");
        assertEquals(900L * Units.MIB, m.devices().get(0).kvBytes(), "the measurement is the runner's");
        assertEquals(900L * Units.MIB, m.kvPoolBytes());
        assertEquals(430L * Units.MIB, m.devices().get(0).computeBytes());
        assertEquals(Math.round(424.0 * Units.MIB), m.plannedGraphBytes());
        assertTrue(m.plannedDevices().isEmpty(), "no summary lines: nothing planned per device");
    }

    private static final String SUMMARY = "time=2025-11-20T10:00:00.000Z level=INFO source=device.go:245 msg=\"model weights\""
            + " device=CUDA0 size=\"4.6 GiB\"\ntime=2025-11-20T10:00:00.000Z level=INFO source=device.go:256 msg=\"kv cache\""
            + " device=CUDA0 size=\"1.1 GiB\"\ntime=2025-11-20T10:00:00.000Z level=INFO source=device.go:272 msg=\"total memory\""
            + " size=\"5.7 GiB\"\n";

    /** SYNTHETIC summaries in the 0.12.11 wording: the engine of the runner decides whether they are an estimate. */
    @Test
    void theSummaryIsTheOllamaEnginesAllocationButTheLlamaRunnersEstimate() {
        String llama = "time=2025-11-20T10:00:00.000Z level=INFO source=server.go:392 msg=\"starting runner\" cmd=\"/usr/bin/ollama runner"
                + " --model /m/blobs/sha256-aa --port 40001\"\n";
        Measurement estimate = EngineLogParser.parse(llama + SUMMARY);
        assertEquals("estimate", estimate.ollama().summary());
        assertEquals(Units.gib(1.1), estimate.plannedKvBytes());
        assertEquals(Units.gib(5.7), estimate.plannedTotalBytes());
        assertTrue(estimate.devices().isEmpty());
        Measurement allocation = EngineLogParser.parse(llama.replace("runner --model", "runner --ollama-engine --model") + SUMMARY);
        assertEquals("allocation", allocation.ollama().summary());
        assertEquals(Units.gib(1.1), allocation.devices().get(0).kvBytes());
        assertNull(allocation.plannedKvBytes(), "the runner's allocation is not the engine's plan");
        assertEquals(Units.gib(5.7), allocation.ollama().summaryTotalBytes());
        assertEquals("estimate", EngineLogParser.parse(SUMMARY).ollama().summary(),
                "device.go without a runner's engine: read as the plan, the cautious reading");
        assertEquals("allocation", EngineLogParser.parse(log("OL05").text()).ollama().summary(),
                "backend.go (0.11.5 to 0.12.4): only the Ollama engine printed it");
    }

    /** SYNTHETIC requests in the wording of OL10: the fit and alloc requests try layouts, the commit is the one loaded. */
    @Test
    void theCommittedLoadRequestIsTheRunners() {
        String req = "time=2025-08-24T08:34:07.452Z level=INFO source=runner.go:925 msg=load request=\"{Operation:%s LoraPath:[]"
                + " Parallel:1 BatchSize:512 FlashAttention:true KvSize:%d KvCacheType:q4_0 NumThreads:32 GPULayers:%d[ID:GPU-x"
                + " Layers:%d(0..32)] MultiUserCache:false ProjectorPath: MainGPU:0 UseMmap:false}\"\n";
        Measurement m = EngineLogParser.parse(String.format(req, "fit", 32768, 40, 40) + String.format(req, "commit", 26624, 33, 33)
                + String.format(req, "fit", 8192, 10, 10));
        OllamaLog.Runner r = m.ollama().runner();
        assertEquals(26624L, r.contextCells());
        assertEquals(33, r.gpuLayers());
        assertEquals("q4_0", r.kvCacheType());
        assertEquals("on", r.flashAttention());
    }

    /** Real: issue 6382's server start line (https://github.com/ollama/ollama/issues/6382). */
    @Test
    void theVersionLineIsRead() {
        Measurement m = EngineLogParser.parse("time=2024-08-16T07:56:25.539+10:00 level=INFO source=routes.go:1172 msg=\"Listening on"
                + " 127.0.0.1:11434 (version 0.3.6)\"");
        assertEquals("0.3.6", m.ollama().version());
    }

    /** The real logs' runner settings are what their releases' defaults give (the logs do not show the environment). */
    @Test
    void realLogsAgreeWithTheDefaultsOfTheirReleases() {
        OllamaLog ol11 = EngineLogParser.parse(log("OL11").text()).ollama();
        for (String v : List.of("0.15.5", "0.30.0", "0.33.0")) {
            OllamaRunnerSetup r = OllamaDefaults.runner(OllamaSetup.of(v).toBuilder().totalVramBytes(ol11.totalVramBytes()).build());
            assertEquals(ol11.defaultNumCtx(), r.numCtx().value(), "OL11: 32.3 GiB gives 32768 from 0.15.5 (" + v + ")");
        }
        // OL01 (2024-12-15): every release from 0.2.0 to 0.5.12 starts 2048 x 4 = the printed --ctx-size 8192 --parallel 4
        OllamaLog.Runner ol01 = EngineLogParser.parse(log("OL01").text()).ollama().runner();
        for (String v : List.of("0.2.0", "0.5.12")) {
            OllamaRunnerSetup r = OllamaDefaults.runner(OllamaSetup.of(v));
            assertEquals(ol01.contextCells(), r.runnerContext().value(), v);
            assertEquals(ol01.parallel(), r.parallel().value(), v);
        }
        // OL12 (2025-06-05, a vision model on the Ollama engine): 0.6.7 to 0.9.x start 4096 x 2 = --ctx-size 8192 --parallel 2
        OllamaLog.Runner ol12 = EngineLogParser.parse(log("OL12").text()).ollama().runner();
        for (String v : List.of("0.6.7", "0.9.6")) {
            OllamaRunnerSetup r = OllamaDefaults.runner(OllamaSetup.of(v).toBuilder().projector(true).build());
            assertEquals(ol12.contextCells(), r.runnerContext().value(), v);
            assertEquals(ol12.parallel(), r.parallel().value(), v);
        }
    }

    /** SYNTHETIC hostile values: a size too long to be one, a negative size, a list longer than GPUs come: unread, bounded. */
    @Test
    void hostileSizesAreLeftUnreadNotWrapped() {
        Measurement m = EngineLogParser.parse("level=INFO msg=offload library=cuda layers.offload=5"
                + " memory.required.kv=\"9999999999999 GiB\" memory.required.full=\"-5 GiB\" memory.available=\"["
                + "1.0 GiB ".repeat(100) + "]\" memory.graph.full=\"NaN GiB\"");
        assertNull(m.plannedKvBytes());
        assertNull(m.plannedTotalBytes());
        assertNull(m.plannedGraphBytes());
        assertEquals(64, m.ollama().plan().availableBytes().size());
        assertEquals(5, m.ollama().plan().layersOffload());
        Measurement huge = EngineLogParser.parse("msg=\"starting llama server\" cmd=\"ollama runner --model x --ctx-size 99999999999999999"
                + " --parallel -4\"");
        assertNull(huge.ollama().runner().contextCells());
        assertNull(huge.ollama().runner().parallel());
    }
}
