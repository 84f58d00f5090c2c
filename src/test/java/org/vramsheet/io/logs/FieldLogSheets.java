package org.vramsheet.io.logs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * A field log's sheet before launch, as a new user would fill it from what the source shows: the model's real config
 * (the entry's {@code config}), the catalog GPU, the engine and its version, and the launch settings of {@code setup}.
 * Nothing measured: the engine module's own estimate fills the rest. Null when the entry lacks the config or the GPU.
 */
public final class FieldLogSheets {
    private FieldLogSheets() { }

    /** The engine of an entry's {@code engine} key. */
    public static Engine engine(FieldLogs.FieldLog log) {
        return switch (log.e().path("engine").asText()) {
            case "vllm" -> Engine.VLLM;
            case "sglang" -> Engine.SGLANG;
            case "trtllm" -> Engine.TENSORRT_LLM;
            default -> Engine.LLAMA_CPP; // llama.cpp, and Ollama's llama.cpp runner
        };
    }

    /** The sheet before launch, or null when the source does not show the model's config or the GPU. */
    public static Worksheet preLaunch(FieldLogs.FieldLog log) throws Exception {
        return preLaunch(log, null);
    }

    /**
     * The same with the GPU's CUDA-visible total the log printed ({@code totalBytes}, null: the catalog's), for a test of the
     * estimate alone.
     */
    public static Worksheet preLaunch(FieldLogs.FieldLog log, Long totalBytes) throws Exception {
        JsonNode e = log.e();
        String config = e.path("config").asText(null);
        String gpuName = e.path("gpu_catalog").asText(null);
        if (config == null || gpuName == null) {
            return null;
        }
        ModelImport m;
        try (InputStream in = FieldLogSheets.class.getResourceAsStream("/configs/" + config)) {
            m = ConfigImporter.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), config);
        }
        var gpu = GpuCatalog.entries().stream().filter(g -> g.name().equals(gpuName)).findFirst().orElseThrow(
                () -> new IllegalArgumentException(log + ": no catalog GPU named " + gpuName));
        int tp = intOr(log.setup("tensor_parallel_size"), 1);
        int pp = intOr(log.setup("pipeline_parallel_size"), 1);
        RuntimeSettings.Builder r = RuntimeSettings.builder().engine(engine(log)).engineVersion(e.path("engine_version").asText(""))
                .tensorParallel(tp).pipelineParallel(pp);
        if (log.setup("memory_fraction") != null) {
            r.utilization(log.setup("memory_fraction").asDouble());
        }
        Long maxLen = log.setup("max_model_len") == null ? null : log.setup("max_model_len").asLong();
        r.maxModelLen(maxLen);
        if (log.setup("max_num_batched_tokens") != null) {
            r.maxNumBatchedTokens(log.setup("max_num_batched_tokens").asLong());
        }
        if (log.setup("max_num_seqs") != null) {
            r.maxNumSeqs(log.setup("max_num_seqs").asInt());
        }
        long total = totalBytes != null ? totalBytes : gpu.cudaVisibleBytes();
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, r.build(), new Gpu(gpu.name(), tp * pp, total),
                null, new ResultSettings(0L, null, maxLen, null), null, null));
        ws = withDtypes(ws, log);
        return ws;
    }

    private static Worksheet withDtypes(Worksheet ws, FieldLogs.FieldLog log) {
        JsonNode kv = log.setup("kv_cache_dtype");
        if (kv != null) {
            KvDtype d = switch (kv.asText().toLowerCase(Locale.ROOT)) {
                case "fp8", "fp8_e4m3" -> KvDtype.FP8_E4M3;
                case "fp8_e5m2" -> KvDtype.FP8_E5M2;
                case "q8_0" -> KvDtype.Q8_0;
                case "q4_0" -> KvDtype.Q4_0;
                case "f32", "float32" -> KvDtype.FP32;
                case "bf16", "bfloat16" -> KvDtype.BF16;
                case "f16", "fp16", "float16", "half" -> KvDtype.FP16;
                default -> KvDtype.AUTO;
            };
            ws = ws.withKv(ws.kv().toBuilder().kvDtype(d).build());
        }
        JsonNode q = log.setup("quantization");
        if (q != null && q.asText().toLowerCase(Locale.ROOT).startsWith("fp8")) {
            Weights w = ws.weights();
            ws = ws.withWeights(Weights.builder().totalParams(w.totalParams()).activeParams(w.activeParams()).format(WeightFormat.FP8)
                    .computeDtype(w.computeDtype()).expertsPerToken(w.expertsPerToken()).expertIntermediateSize(w.expertIntermediateSize())
                    .build());
        }
        return ws;
    }

    private static int intOr(JsonNode v, int otherwise) { return v == null ? otherwise : v.asInt(otherwise); }
}
