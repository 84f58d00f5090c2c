package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.llamacpp.LlamaCppCache;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.engine.llamacpp.LlamaCppKvPrediction;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.gguf.GgufImporter;
import org.vramsheet.io.model.gguf.GgufLogModels;

/**
 * Issue 28's last kinds of real llama.cpp logs, each buffer per device reproduced to the MiB, once by llama.cpp's
 * arithmetic from the hyperparameters ({@link LlamaCppKvPrediction}, {@link LlamaCppCache}) and once on a sheet imported
 * from the model's config.json or GGUF metadata and launched as the log was:
 * <ul>
 * <li>LC14 (llama.cpp issue 11200): q8_0 K and V with flash attention on two RTX 3090 Ti, {@code -ts 10,6 -ngl 99}: the
 * 64 layers split 41 / 23 by the tensor split (layer il on GPU 0 while il / 65 &lt; 10 / 16).</li>
 * <li>LC15 (issue 12728): a q8_0 K cache beside an f16 V cache, one Vulkan device; the model is not named, its geometry
 * is the same issue's f16 run.</li>
 * <li>LC16 (issue 21608): the hybrid Qwen3.5-35B-A3B, KV on its 10 attention layers and the gated delta-net state (RS
 * buffer) on the other 30, both on Vulkan0.</li>
 * <li>LC17 (PR 8035): partial offload, 78 of 81 layers of a Llama 3 70B on two GPUs: the first two layers' KV stays in
 * host memory (CUDA_Host), the 78 others on the GPUs (their split between the GPUs follows free memory the log does not
 * print, so only their sum is compared).</li>
 * </ul>
 */
class LlamaCppQuantHybridLogsTest {
    private static final double MIB = Units.MIB;
    /** Printed to 0.01 MiB: the printed figure is the exact one to within half of that. */
    private static final double PRINTED = 0.005 * MIB;
    private static final List<String> ROWS = new ArrayList<>();

    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    private static String text(String id) {
        return FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text();
    }

    private static long kv(Measurement m, String device) {
        return m.devices().stream().filter(d -> d.name().equals(device)).findFirst().orElseThrow().kvBytes();
    }

    private static void row(String id, String device, String buffer, long printed, long ours) {
        ROWS.add(String.format(Locale.ROOT, "%s %s %s: printed %.2f MiB, ours %.2f MiB (%+.4f %%)", id, device, buffer,
                printed / MIB, ours / MIB, (ours / (double) printed - 1) * 100));
        assertTrue(Math.abs(ours - printed) <= PRINTED, ROWS.get(ROWS.size() - 1));
    }

    @AfterAll
    static void print() { ROWS.forEach(System.out::println); }

    private static JsonNode qwen25config() throws Exception {
        return WorksheetJson.shared().readTree(Files.readString(Path.of("src/test/resources/configs/Qwen__Qwen2.5-32B.json")));
    }

    @Test
    void q8CacheOnTwoGpusByTheTensorSplit() throws Exception {
        Measurement m = log("LC14");
        JsonNode c = qwen25config();
        int layers = c.get("num_hidden_layers").asInt();
        assertTrue(text("LC14").contains("n_layer = " + layers), "the log's n_layer is the config's");
        long embd = c.get("num_key_value_heads").asLong() * (c.get("hidden_size").asLong() / c.get("num_attention_heads").asLong());
        assertEquals(1024, embd, "8 KV heads x 128");
        assertEquals(1088, LlamaCppCacheType.Q8_0.rowBytes(embd), "32 blocks of 34 B");
        Map<String, Long> split = new LinkedHashMap<>();
        split.put("CUDA0", 10L); // -ts 10,6: the shares take the place of the free memory
        split.put("CUDA1", 6L);
        LlamaCppKvPrediction.Setup s = new LlamaCppKvPrediction.Setup(m.kvTokens(), null, 1, true, 256, true,
                LlamaCppCache.Padding.B6840, false, 99, split, LlamaCppCacheType.Q8_0, LlamaCppCacheType.Q8_0);
        LlamaCppKvPrediction.Prediction p = LlamaCppKvPrediction.of(new LlamaCppHparams("qwen2", layers, embd, embd, 0L, null, null,
                null, null, 0L), s);
        assertEquals(41L * 32768 * 2 * 1088, p.devices().get("CUDA0"), "layers 0-40 (40 / 65 < 0.625)");
        row("LC14", "CUDA0", "KV (hparams)", kv(m, "CUDA0"), p.devices().get("CUDA0"));
        row("LC14", "CUDA1", "KV (hparams)", kv(m, "CUDA1"), p.devices().get("CUDA1"));

        Worksheet launch = launch(2, "b4462", 32768L, 1, LlamaCppSettings.builder().gpuLayers(99).tensorSplit(List.of(10.0, 6.0))
                .cacheTypeV(KvDtype.Q8_0).flashAttention(FlashAttention.ON).ubatch(256L).batch(512L).build());
        Worksheet ws = ConfigImporter.parse(Files.readString(Path.of("src/test/resources/configs/Qwen__Qwen2.5-32B.json")), "config")
                .applyTo(launch);
        ws = ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.Q8_0).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        row("LC14", "CUDA0", "KV (sheet)", kv(m, "CUDA0"), r.get(FigureKey.device("gpu0", "kvBytes")).value());
        row("LC14", "CUDA1", "KV (sheet)", kv(m, "CUDA1"), r.get(FigureKey.device("gpu1", "kvBytes")).value());
        assertEquals(41L, r.get(FigureKey.device("gpu0", "layers")).value(), "the tensor split's 41 layers on GPU 0");
    }

    @Test
    void aQ8KeyCacheBesideAnF16ValueCache() {
        Measurement m = log("LC15");
        // the same issue's run without -ctk: "kv_size = 4096 ... n_layer = 60", K (f16) 11520.00 MiB, V (f16) 7680.00 MiB
        int layers = 60;
        long cells = 4096;
        long embdK = 11_520L * Units.MIB / (layers * cells * 2);
        long embdV = 7_680L * Units.MIB / (layers * cells * 2);
        assertEquals(24_576, embdK, "128 heads x 192");
        assertEquals(16_384, embdV, "128 heads x 128");
        Map<String, Long> one = Map.of("Vulkan0", 1L);
        LlamaCppKvPrediction.Prediction p = LlamaCppKvPrediction.of(new LlamaCppHparams(null, layers, embdK, embdV, 0L, null, null,
                null, null, 0L), new LlamaCppKvPrediction.Setup(cells, null, 1, true, 512, false, LlamaCppCache.Padding.B6840, false,
                layers + 1, one, LlamaCppCacheType.Q8_0, LlamaCppCacheType.F16));
        long k = layers * cells * LlamaCppCacheType.Q8_0.rowBytes(embdK);
        assertEquals(6_120L * Units.MIB, k, "K (q8_0): 6120.00 MiB");
        assertEquals(m.kvCacheDtype(), "q8_0");
        assertEquals(m.kvCacheDtypeV(), "f16");
        row("LC15", "Vulkan0", "KV (q8_0 K, f16 V)", kv(m, "Vulkan0"), p.devices().get("Vulkan0"));
    }

    @Test
    void aHybridModelsKvAndRecurrentStateFromItsGgufMetadata() throws Exception {
        Measurement m = log("LC16");
        Measurement.DeviceMemory gpu = m.devices().stream().filter(d -> d.name().equals("Vulkan0")).findFirst().orElseThrow();
        // llama.cpp's arithmetic: 10 attention layers (every 4th) x 32768 cells x (512 + 512) f16; 30 linear-attention
        // layers of R (d_conv - 1) x (d_inner + 2 x n_group x d_state) and S d_state x d_inner f32 values, one sequence
        LlamaCppHparams hp = new LlamaCppHparams("qwen35moe", 40, 512L, 512L, 0L, null, 4L, 4096L, 128L, 16L);
        assertEquals(24_576, hp.embdR());
        assertEquals(524_288, hp.embdS());
        long kvBytes = LlamaCppCache.kvBytes(new LlamaCppCache.Shape(32768, 1), 10, hp.embdK(), hp.embdV(), LlamaCppCacheType.F16,
                LlamaCppCacheType.F16);
        long state = LlamaCppCache.stateBytes(30, hp.embdR(), hp.embdS(), 1);
        row("LC16", "Vulkan0", "KV (hparams)", gpu.kvBytes(), kvBytes);
        row("LC16", "Vulkan0", "RS (hparams)", gpu.stateBytes(), state);
        assertTrue(text("LC16").contains("R (f32):    2.81 MiB"), "R: 30 x 24,576 x 4 B = 2.8125 MiB");
        assertEquals(2_949_120L, 30L * hp.embdR() * 4);

        Worksheet launch = launch(1, "", 32768L, 1, LlamaCppSettings.builder().kvUnified(false).flashAttention(FlashAttention.AUTO)
                .build());
        Worksheet ws = GgufImporter.parse(GgufLogModels.qwen35moe35bA3b()).applyTo(launch);
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        row("LC16", "Vulkan0", "KV (sheet from GGUF)", gpu.kvBytes(), r.get(FigureKey.device("gpu0", "kvBytes")).value());
        row("LC16", "Vulkan0", "RS (sheet from GGUF)", gpu.stateBytes(), r.get(FigureKey.device("gpu0", "stateBytes")).value());
    }

    @Test
    void partialOffloadKeepsTheFirstLayersKvOnTheHost() throws Exception {
        Measurement m = log("LC17");
        assertEquals(78, m.gpuLayers());
        long gpus = kv(m, "CUDA0") + kv(m, "CUDA1");
        Map<String, Long> two = new LinkedHashMap<>();
        two.put("CUDA0", 1L);
        two.put("CUDA1", 1L);
        // Llama 3 70B: 80 layers, 8 KV heads x 128 (GgufLogModels.llama70b, the geometry of LC10's log)
        LlamaCppKvPrediction.Prediction p = LlamaCppKvPrediction.of(new LlamaCppHparams("llama", 80, 1024L, 1024L, 0L, null, null,
                null, null, 0L), new LlamaCppKvPrediction.Setup(m.maxModelLen(), null, 1, true, 512, false,
                LlamaCppCache.Padding.B6840, false, m.gpuLayers(), two, LlamaCppCacheType.F16, LlamaCppCacheType.F16));
        row("LC17", "CUDA_Host", "KV (hparams: layers 0-1)", kv(m, "CUDA_Host"), p.devices().get("CPU"));
        row("LC17", "CUDA0+CUDA1", "KV (hparams: layers 2-79)", gpus, p.devices().get("CUDA0") + p.devices().get("CUDA1"));

        Worksheet launch = launch(2, "", 8192L, 1, LlamaCppSettings.builder().gpuLayers(78).flashAttention(FlashAttention.OFF)
                .build());
        SizingResult r = SizingCalculator.calculate(GgufImporter.parse(GgufLogModels.llama70b()).applyTo(launch));
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        row("LC17", "CUDA_Host", "KV (sheet from GGUF)", kv(m, "CUDA_Host"), r.get(FigureKey.device("host", "kvBytes")).value());
        row("LC17", "CUDA0+CUDA1", "KV (sheet from GGUF)", gpus, r.get(FigureKey.device("gpu0", "kvBytes")).value()
                + r.get(FigureKey.device("gpu1", "kvBytes")).value());

        // the compute buffer at partial offload, a known miss of one kind: the attention moment of CUDA0's layers is the
        // log's to 0.5 %; the sheet adds one host layer's weights that the first GPU stages for ggml-backend's op offload
        // (here the GGUF fixture's one placeholder tensor, 419,431 B; for the real IQ2_XS file about 273 MiB, the GPUs'
        // model buffers / 78 layers), which this mid-2024 log does not show (1,108.50 MiB printed, +4.50 MiB over the
        // attention moment as LC10's -4.01 MiB at full offload); later measurements report the staging (docs/accuracy.md)
        long printed = m.devices().stream().filter(d -> d.name().equals("CUDA0")).findFirst().orElseThrow().computeBytes();
        var f = r.get(FigureKey.device("gpu0", "computeBytes"));
        assertTrue(f.provenance().formula().endsWith(" + one host layer's weights"), f.provenance().formula());
        long staged = Long.parseLong(f.provenance().expression().replaceAll(".*\\) \\+ ([0-9,]+) B = .*", "$1").replace(",", ""));
        long attention = f.value() - staged;
        assertEquals(512L * (8192 * 64 * 4 + 8192 * 4 + 4 * 8192 * 4), attention, "T x (n_kv x n_head x 4 + n_kv x 4 + 4 x n_embd x 4)");
        double err = attention / (double) printed - 1;
        ROWS.add(String.format(Locale.ROOT, "LC17 CUDA0 compute (partial offload): printed %.2f MiB, attention moment %.2f MiB (%+.2f %%)"
                + ", + staged host layer on the sheet (real file: about %.0f MiB, %+.1f %%)", printed / MIB, attention / MIB, err * 100,
                (12_633.25 + 8_652.00) / 78, ((attention + (12_633.25 + 8_652.00) / 78 * MIB) / printed - 1) * 100));
        assertTrue(Math.abs(err) < 0.005, ROWS.get(ROWS.size() - 1));
    }

    /** A llama.cpp launch on {@code gpus} GPUs (the model's inputs come from the import applied over it). */
    private static Worksheet launch(int gpus, String build, long nCtx, int seqs, LlamaCppSettings l) {
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.LLAMA_CPP).engineVersion(build).maxModelLen(nCtx)
                .maxNumSeqs(seqs).pipelineParallel(gpus).llamaCpp(l).build();
        Scenario one = new Scenario(1000L, 100L, 1L, List.of(), null, null);
        return new Worksheet(null, null, null, new Workloads(one, one, one), r, new Gpu("log GPU", gpus, 200 * Units.GIB), null, null,
                null, null);
    }
}
