package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Real vLLM startup logs (shared/reference/calibration, copied to test resources): from each log's
 * "Available KV cache memory" line the core reproduces num_gpu_blocks (within the 0.01 GiB the line is
 * rounded to), and from the block count the exact "GPU KV cache size" and "Maximum concurrency" lines.
 */
class VllmCalibrationTest {
    private static final Pattern AVAILABLE = Pattern.compile("Available KV cache memory: ([0-9.]+) GiB");
    private static final Pattern TOKENS = Pattern.compile("GPU KV cache size: ([0-9,]+) tokens");
    private static final Pattern CONCURRENCY = Pattern.compile("Maximum concurrency for ([0-9,]+) tokens per request: ([0-9.]+)x");
    private static final Pattern BLOCKS = Pattern.compile("num_gpu_blocks is: ([0-9]+)");

    /** Attention geometry of the calibrated models, from shared/reference/model-configs. */
    private static final Map<String, KvArchitecture> MODELS = Map.of(
            "meta-llama/Llama-3.1-8B-Instruct", Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO),
            "Qwen/Qwen2.5-7B-Instruct", Sheets.gqa(28, 28, 4, 128, KvDtype.AUTO),
            "Qwen/Qwen2-7B-Instruct", Sheets.gqa(28, 28, 4, 128, KvDtype.AUTO),
            "Qwen/Qwen2.5-72B-Instruct", Sheets.gqa(80, 64, 8, 128, KvDtype.AUTO),
            "mistralai/Mixtral-8x7B-Instruct-v0.1", Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO),
            "deepseek-ai/DeepSeek-V2-Lite-Chat", Sheets.mla(27, 16, 512, 64, KvDtype.AUTO),
            "google/gemma-2-9b-it", Sheets.gqa(42, 16, 8, 256, KvDtype.AUTO).toBuilder()
                    .windows(List.of(new LayerWindow(21, 4096L, WindowKind.SLIDING))).build(),
            "openai/gpt-oss-120b", Sheets.gqa(36, 64, 8, 64, KvDtype.AUTO).toBuilder()
                    .windows(List.of(new LayerWindow(18, 128L, WindowKind.SLIDING))).build());

    record Log(String id, JsonNode entry) {
        @Override
        public String toString() { return id + " " + entry.get("model").asText(); }
    }

    static Stream<Log> logs() throws Exception {
        try (InputStream in = VllmCalibrationTest.class.getResourceAsStream("/calibration/vllm_startup_logs.json")) {
            assertNotNull(in, "calibration logs on the test classpath");
            JsonNode all = new ObjectMapper().readTree(in);
            List<Log> out = new ArrayList<>();
            for (JsonNode e : all) {
                if (MODELS.containsKey(e.get("model").asText())) {
                    out.add(new Log(e.get("id").asText(), e));
                }
            }
            assertTrue(out.size() >= 30, "most logs are covered: " + out.size());
            return out.stream();
        }
    }

    private static Matcher find(JsonNode e, Pattern p) {
        for (JsonNode line : e.get("lines")) {
            Matcher m = p.matcher(line.asText());
            if (m.find()) {
                return m;
            }
        }
        throw new AssertionError("no line matches " + p);
    }

    private static Worksheet sheet(JsonNode e, long kvMemory) {
        KvArchitecture k = MODELS.get(e.get("model").asText());
        String kv = e.get("kv_cache_dtype").asText("auto");
        KvDtype dtype = kv.startsWith("fp8") ? KvDtype.FP8_E4M3 : KvDtype.AUTO;
        k = k.toBuilder().kvDtype(dtype).build();
        ComputeDtype model = switch (e.get("weights_dtype").asText()) {
            case "float32" -> ComputeDtype.FP32;
            case "float16" -> ComputeDtype.FP16;
            default -> ComputeDtype.BF16;
        };
        int tp = e.get("tensor_parallel_size").asInt(1);
        int pp = e.get("pipeline_parallel_size").asInt(1);
        long maxLen = e.get("max_model_len").asLong();
        RuntimeSettings r = Sheets.vllm(e.get("engine_version").asText(), e.get("gpu_memory_utilization").asDouble(), maxLen)
                .toBuilder().tensorParallel(tp).pipelineParallel(pp).blockSize(16).kvCacheMemoryBytes(kvMemory).build();
        String gpu = e.get("gpu").asText();
        long total = gpu.contains("40GB") ? 40 * Units.GIB : Units.gib(79.19);
        return new Worksheet(new ModelInfo(e.get("model").asText(), "", "", null, null),
                Weights.builder().totalParams(8_000_000_000L).computeDtype(model).build(), k,
                new Workloads(Scenario.of(1000, 0, 1), Scenario.of(1000, 0, 1), Scenario.of(1000, 0, 1)), r,
                new Gpu(gpu, tp * pp, total), null, new ResultSettings(0L, ScenarioId.LIMIT, maxLen, null), null, null);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void blocksFromTheAvailableLine(Log log) {
        JsonNode e = log.entry();
        double gib = Double.parseDouble(find(e, AVAILABLE).group(1));
        long actual = Long.parseLong(find(e, BLOCKS).group(1));
        // the line is rounded to 0.01 GiB: the true value lies in [gib - 0.005, gib + 0.005)
        SizingResult lo = SizingCalculator.calculate(sheet(e, Units.gib(gib - 0.005)));
        SizingResult hi = SizingCalculator.calculate(sheet(e, Units.gib(gib + 0.005) - 1));
        assertTrue(lo.valid(), () -> lo.issues().toString());
        long min = Sheets.value(lo, FigureKey.POOL_GPU_BLOCKS);
        long max = Sheets.value(hi, FigureKey.POOL_GPU_BLOCKS);
        if (e.get("pipeline_parallel_size").asInt(1) > 1) {
            // pipeline stages differ (the last holds the LM head); vLLM gives every rank the smallest stage's
            // block count, while the line kept in the log is one stage's: that stage's count is an upper bound
            assertTrue(actual <= max && actual >= min * 0.97,
                    log + ": logged " + actual + " blocks, this stage alone " + min + ".." + max);
        } else {
            assertTrue(min <= actual && actual <= max,
                    log + ": logged " + actual + " blocks, predicted " + min + ".." + max + " from " + gib + " GiB");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void tokensAndConcurrencyFromTheBlockCount(Log log) {
        JsonNode e = log.entry();
        long blocks = Long.parseLong(find(e, BLOCKS).group(1));
        long tokens = Long.parseLong(find(e, TOKENS).group(1).replace(",", ""));
        Matcher c = find(e, CONCURRENCY);
        // a pool of exactly that many block IDs: find the bytes one block ID costs, then ask for blocks + half a block
        SizingResult probe = SizingCalculator.calculate(sheet(e, Units.GIB));
        long page = Sheets.value(probe, FigureKey.POOL_PAGE_BYTES);
        long perBlock = Sheets.value(probe, FigureKey.POOL_KV_POOL_BYTES) / Sheets.value(probe, FigureKey.POOL_GPU_BLOCKS);
        assertEquals(0, perBlock % page, "a block ID covers whole layer pages");
        SizingResult r = SizingCalculator.calculate(sheet(e, blocks * perBlock + perBlock / 2));
        assertEquals(blocks, Sheets.value(r, FigureKey.POOL_GPU_BLOCKS));
        assertEquals(tokens, Sheets.value(r, FigureKey.POOL_CAPACITY_TOKENS), log + " GPU KV cache size");
        assertEquals(Long.parseLong(c.group(1).replace(",", "")), Sheets.value(r, FigureKey.POOL_CONTEXT_LENGTH));
        assertEquals(c.group(2), String.format(Locale.ROOT, "%.2f", r.get(FigureKey.POOL_CONCURRENCY_RATIO).ratio()),
                log + " Maximum concurrency");
    }
}
