package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertFalse;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.model.ModelImport;

/** Engine startup logs: parsing every calibration log, the accuracy targets, the other engines, the comparison. */
class EngineLogTest {
    static final Map<String, String> CATALOG = Map.of(
            "meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct",
            "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct",
            "Qwen/Qwen2-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct",
            "Qwen/Qwen2.5-72B-Instruct", "Qwen/Qwen2.5-72B-Instruct",
            "mistralai/Mixtral-8x7B-Instruct-v0.1", "mistralai/Mixtral-8x7B-v0.1",
            "deepseek-ai/DeepSeek-V2-Lite-Chat", "deepseek-ai/DeepSeek-V2-Lite",
            "google/gemma-2-9b-it", "google/gemma-2-9b",
            "openai/gpt-oss-120b", "openai/gpt-oss-120b");

    record Log(String id, JsonNode e) {
        @Override
        public String toString() { return id + " " + e.get("model").asText(); }

        String text() {
            StringBuilder b = new StringBuilder();
            e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
            return b.toString();
        }

        boolean windowed() {
            String m = e.get("model").asText();
            return m.contains("gemma") || m.contains("gpt-oss");
        }
    }

    static Stream<Log> logs() throws Exception {
        try (InputStream in = EngineLogTest.class.getResourceAsStream("/calibration/vllm_startup_logs.json")) {
            List<Log> out = new ArrayList<>();
            new ObjectMapper().readTree(in).forEach(e -> out.add(new Log(e.get("id").asText(), e)));
            return out.stream();
        }
    }

    /** The model's sheet before launch: catalog config, the launch settings, the calibrated non-KV estimate. */
    static Worksheet preLaunch(Log log) throws Exception {
        JsonNode e = log.e();
        String id = CATALOG.get(e.get("model").asText());
        var entry = ModelCatalog.entries().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
        ModelImport m = ModelSources.fromCatalog(entry);
        Weights w = m.weights();
        String dtype = e.get("weights_dtype").asText();
        if (dtype.equals("float32") || dtype.equals("float16") || "fp8".equals(e.path("quantization").asText(null))) {
            WeightFormat f = "fp8".equals(e.path("quantization").asText(null)) ? WeightFormat.FP8
                    : dtype.equals("float32") ? WeightFormat.FP32 : WeightFormat.FP16;
            w = Weights.builder().totalParams(w.totalParams()).activeParams(w.activeParams()).format(f).computeDtype(dtype.equals("float32")
                    ? ComputeDtype.FP32 : dtype.equals("float16") ? ComputeDtype.FP16 : w.computeDtype()).build();
        }
        int tp = e.get("tensor_parallel_size").asInt(1);
        int pp = e.get("pipeline_parallel_size").asInt(1);
        String gpu = e.get("gpu").asText();
        long total = gpu.contains("H100") ? Units.gib(79.19)
                : GpuCatalog.entries().stream().filter(g -> gpu.contains("40GB") ? g.name().equals("NVIDIA A100 40GB")
                : g.name().equals("NVIDIA A100 80GB SXM4")).findFirst().orElseThrow().cudaVisibleBytes();
        String kv = e.get("kv_cache_dtype").asText("auto");
        var k = m.kv();
        if (kv.startsWith("fp8")) {
            k = k.toBuilder().kvDtype(KvDtype.FP8_E4M3).build();
        }
        long maxLen = e.get("max_model_len").asLong();
        Worksheet ws = new Worksheet(m.model(), w, k, null, Sheets.vllm(e.get("engine_version").asText(),
                e.get("gpu_memory_utilization").asDouble(), maxLen).toBuilder().tensorParallel(tp).pipelineParallel(pp).build(),
                new Gpu(gpu, tp * pp, total), null, new ResultSettings(0L, null, maxLen, null), null, null);
        // the launch settings include where the ranks run: a replica across nodes (Ray workers on several machines)
        Integer nodes = EngineLogParser.parse(log.text()).nodes();
        if (nodes != null) {
            ws = ws.withRuntime(ws.runtime().toBuilder().nodes(nodes).build());
        }
        return NonKvEstimator.apply(ws);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void everyCalibrationLogIsRead(Log log) {
        Measurement m = EngineLogParser.parse(log.text());
        JsonNode p = log.e().get("parsed");
        assertEquals(Engine.VLLM, m.engine());
        assertEquals(log.e().get("engine_version").asText(), m.version());
        assertEquals(p.get("kv_cache_tokens").asLong(), m.kvTokens());
        assertEquals(p.get("max_concurrency_x").asDouble(), m.concurrency(), 1e-9);
        assertEquals(p.get("max_concurrency_tokens").asLong(), m.concurrencyTokens());
        assertEquals(Units.gib(p.get("kv_cache_gib").asDouble()), m.kvPoolBytes());
        assertEquals(p.get("num_gpu_blocks").asLong(), m.gpuBlocks());
        assertEquals(Units.gib(p.get("model_weights_gib").asDouble()), m.weightsBytes());
        assertEquals(log.e().get("gpu_memory_utilization").asDouble(), m.utilization(), 1e-12);
        assertEquals(log.e().get("max_model_len").asLong(), m.maxModelLen());
        if (p.has("non_kv_total_gib") && log.e().get("pipeline_parallel_size").asInt() > 1) {
            // pipeline logs: the stage with the most non-KV memory counts (every stage gets the smallest stage's blocks)
            assertTrue(m.nonKvBytes() >= Units.gib(p.get("non_kv_total_gib").asDouble()), log.id() + ": " + m.nonKvBytes());
            assertEquals(Units.gib(p.get("total_gpu_memory_gib").asDouble()), m.totalBytes());
        } else if (p.has("non_kv_total_gib")) {
            assertEquals(Units.gib(p.get("non_kv_total_gib").asDouble()), m.nonKvBytes());
            assertEquals(Units.gib(p.get("total_gpu_memory_gib").asDouble()), m.totalBytes());
        }
        assertTrue(m.modelId().endsWith(log.e().get("model").asText().replaceAll(".*/", "")), m.modelId());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void fromTheLogsOwnMemoryTokensAndConcurrencyAreWithinTarget(Log log) throws Exception {
        Measurement m = EngineLogParser.parse(log.text());
        Worksheet ws = LogComparison.apply(preLaunch(log), m);
        if (m.totalBytes() == null) {
            // v0.10 logs print no total: their measured memory is the printed pool
            RuntimeSettings r = ws.runtime();
            ws = ws.withRuntime(r.toBuilder().prefixCaching(false).fragmentationPercent(0.0).cudaGraphsInPool(null)
                    .kvCacheMemoryBytes(m.kvPoolBytes()).build());
        }
        SizingResult r = SizingCalculator.calculate(ws);
        // issue 15's target: within 0.1 % from measured memory; a pipeline log that prints only some stages' memory
        // cannot show the smallest stage the engine sizes by (P26 prints two of four): 2 % there
        long stagesShown = java.util.regex.Pattern.compile("Worker_PP(\\d+)").matcher(log.text()).results()
                .map(x -> x.group(1)).distinct().count();
        int pp = log.e().get("pipeline_parallel_size").asInt();
        double tol = pp > 1 && stagesShown < pp ? 0.02 : 0.001;
        double tokens = r.get(FigureKey.POOL_CAPACITY_TOKENS).value();
        double conc = r.get(FigureKey.POOL_CONCURRENCY_RATIO).ratio();
        assertEquals(1.0, tokens / m.kvTokens(), tol, log + " tokens " + tokens + " vs " + m.kvTokens());
        assertEquals(1.0, conc / m.concurrency(), tol, log + " concurrency " + conc + " vs " + m.concurrency());
    }

    /** Seen (issue 15): the v0.19 H100 DeepSeek-V2-Lite log used block 16 where the app assumed MLA's 64. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void beforeLaunchTheBlockSizeIsTheOneTheLogUsed(Log log) throws Exception {
        JsonNode ratio = log.e().get("parsed").get("kv_tokens_div_num_gpu_blocks");
        org.junit.jupiter.api.Assumptions.assumeTrue(ratio != null && ratio.isIntegralNumber() && !log.windowed(),
                "the log shows no block size (sliding-window or hybrid groups)");
        SizingResult r = SizingCalculator.calculate(preLaunch(log));
        assertEquals(ratio.asLong(), r.get(FigureKey.POOL_BLOCK_SIZE).value(), log.toString());
    }

    /** No calibration log is taken for another model's when compared with a sheet of its own model. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void aLogOfTheSheetsModelIsNotAMismatch(Log log) throws Exception {
        Measurement m = EngineLogParser.parse(log.text());
        var c = LogComparison.compare(preLaunch(log), m);
        assertFalse(c.mismatched(), log.id() + ": " + c.modelMismatch());
        Worksheet unnamed = preLaunch(log).withModel(preLaunch(log).model().withModelId(""));
        var byBytes = LogComparison.compare(unnamed, m);
        assertFalse(byBytes.mismatched(), log.id() + " by KV bytes per token: " + byBytes.modelMismatch());
    }

    @Test
    void beforeLaunchKvTokensAreWithinFivePercent() throws Exception {
        List<String> table = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        double worst = 0;
        for (Log log : logs().toList()) {
            SizingResult r = SizingCalculator.calculate(preLaunch(log));
            long predicted = r.get(FigureKey.POOL_CAPACITY_TOKENS).value();
            long actual = log.e().get("parsed").get("kv_cache_tokens").asLong();
            double err = (predicted - actual) / (double) actual;
            worst = Math.max(worst, Math.abs(err));
            table.add(String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %+.2f %% |", log.id(), log.e().get("model").asText(),
                    actual, predicted, err * 100));
            errors.add(Math.abs(err));
            // every log within 5 %, cross-node ones included (the sheet knows the replica spans nodes)
            assertEquals(0, err, 0.05, log + ": predicted " + predicted + " vs " + actual);
        }
        java.util.Collections.sort(errors);
        double median = errors.get(errors.size() / 2);
        System.out.println("pre-launch accuracy (worst " + String.format(Locale.ROOT, "%.2f %%", worst * 100) + ", median "
                + String.format(Locale.ROOT, "%.2f %%", median * 100) + "):");
        table.forEach(System.out::println);
        assertTrue(median <= 0.01, "median within 1 %: " + median);
    }

    static boolean crossNode(Log log) {
        return log.e().get("gpu").asText().contains("different nodes");
    }

    @Test
    void oldVllmLogsGiveTheKvPoolAndCapacity() {
        // Seen (issue 15): V0 logs ("Memory profiling results: ...", "# GPU blocks: N") were not read into KV pool and
        // capacity; seed 001 teaches checking the sheet against exactly that line.
        Measurement m = EngineLogParser.parse("INFO 12-06 14:55:15 worker.py:232] Memory profiling results: "
                + "total_gpu_memory=7.92GiB initial_memory_usage=0.37GiB peak_torch_memory=0.71GiB "
                + "memory_usage_post_profile=0.39GiB non_torch_memory=0.15GiB kv_cache_size=6.27GiB gpu_memory_utilization=0.90\n"
                + "INFO 12-06 14:55:15 gpu_executor.py:113] # GPU blocks: 11422, # CPU blocks: 7281\n"
                + "INFO 12-06 14:55:15 gpu_executor.py:117] Maximum concurrency for 2048 tokens per request: 89.23x");
        assertEquals(Engine.VLLM, m.engine());
        assertEquals(Units.gib(7.92), m.totalBytes());
        assertEquals(Units.gib(6.27), m.kvPoolBytes());
        assertEquals(Units.gib(0.15), m.nonTorchBytes());
        assertEquals(0.90, m.utilization(), 1e-12);
        assertEquals(11_422L, m.gpuBlocks());
        assertEquals(11_422L * 16, m.kvTokens(), "89.23 x 2,048 / 11,422 = 16.0 tokens per block");
        Measurement noConcurrency = EngineLogParser.parse("INFO gpu_executor.py:113] # GPU blocks: 1478, # CPU blocks: 2048");
        assertEquals(1_478L, noConcurrency.gpuBlocks());
        assertEquals(null, noConcurrency.kvTokens(), "without the concurrency line the block size is not assumed");
        Measurement odd = EngineLogParser.parse("INFO # GPU blocks: 1000, # CPU blocks: 10\n"
                + "INFO Maximum concurrency for 2048 tokens per request: 12.34x");
        assertEquals(null, odd.kvTokens(), "12.34 x 2,048 / 1,000 = 25.3: no block size makes them agree");
    }

    @Test
    void otherEnginesAndFormsAreRead() {
        Measurement one = EngineLogParser.parse("\u001B[32mINFO\u001B[0m 09-01 [kv_cache_utils.py:1] GPU KV cache size: 1,234,560 "
                + "tokens, Maximum concurrency for 32,768 tokens per request: 37.68x");
        assertEquals(1_234_560L, one.kvTokens());
        assertEquals(37.68, one.concurrency());
        Measurement v0 = EngineLogParser.parse("INFO 05-01 executor_base.py:1] # cuda blocks: 14815, # CPU blocks: 1966\n"
                + "INFO Maximum concurrency for 4096 tokens per request: 57.87x");
        assertEquals(14_815L, v0.gpuBlocks());
        assertEquals(57.87, v0.concurrency());
        Measurement sg = EngineLogParser.parse("[2025-06-01 10:00:00 TP0] Load weight end. elapsed=5.1 s, type=LlamaForCausalLM, "
                + "dtype=torch.bfloat16, avail mem=63.44 GB, mem usage=14.99 GB.\n[2025-06-01 10:00:01 TP0] KV Cache is allocated. "
                + "#tokens: 413003, K size: 25.21 GB, V size: 25.21 GB\n[2025-06-01] max_total_num_tokens=413003, "
                + "chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072");
        assertEquals(Engine.SGLANG, sg.engine());
        assertEquals(413_003L, sg.kvTokens());
        assertEquals(Units.gib(50.42), sg.kvPoolBytes(), "SGLang's GB are GiB");
        assertEquals(Units.gib(14.99), sg.nonKvBytes());
        assertEquals(131_072L, sg.maxModelLen());
        Measurement lc = EngineLogParser.parse("llama_context: n_ctx         = 8192\nllama_kv_cache:      CUDA0 KV buffer size =  "
                + "1024.00 MiB\nllama_kv_cache: size = 1024.00 MiB (  8192 cells,  32 layers,  1/1 seqs), K (f16):  512.00 MiB, "
                + "V (f16):  512.00 MiB");
        assertEquals(Engine.LLAMA_CPP, lc.engine());
        assertEquals(1024L * Units.MIB, lc.kvPoolBytes());
        assertEquals(8192L, lc.kvTokens());
        Measurement trt = EngineLogParser.parse("[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv "
                + "cache: total: 79.10 GiB, available: 60.12 GiB\n[TensorRT-LLM][INFO] [MemUsageChange] Allocated 54.11 GiB for "
                + "max tokens in paged KV cache (443264).");
        assertEquals(Engine.TENSORRT_LLM, trt.engine());
        assertEquals(443_264L, trt.kvTokens());
        assertEquals(Units.gib(54.11), trt.kvPoolBytes());
        Measurement none = EngineLogParser.parse("hello\nworld");
        assertTrue(none.matchedLines().isEmpty());
        assertTrue(EngineLogParser.summary(none).startsWith("no engine startup lines found"));
    }

    @Test
    void bigDeltasAreExplainedAndSetupDifferencesListed() throws Exception {
        Log oss = logs().filter(l -> l.id().equals("D06")).findFirst().orElseThrow();
        Measurement m = EngineLogParser.parse(oss.text());
        Worksheet ws = preLaunch(oss).withKv(new org.vramsheet.core.sheet.KvArchitecture(org.vramsheet.core.sheet.AttentionKind.GQA, 36,
                64, 8, 64, null, null, null, org.vramsheet.core.sheet.KvDtype.AUTO, List.of(), null, null, null));
        var noWindows = LogComparison.compare(LogComparison.apply(ws, m), m);
        assertTrue(noWindows.rows().get(3).flagged(), noWindows.rows().toString());
        // issue 25: only causes that apply to the sheet; a sheet without windows has no window cause to correct
        assertTrue(noWindows.causes().stream().noneMatch(c -> c.startsWith("sliding windows")),
                noWindows.causes() + " " + noWindows.rows());
        Log ds = logs().filter(l -> l.id().equals("P02")).findFirst().orElseThrow();
        Measurement dm = EngineLogParser.parse(ds.text());
        // MLA's latent rank on the sheet, read as full attention: the MLA cause applies, and corrected it closes the gap
        Worksheet full = preLaunch(ds).withKv(preLaunch(ds).kv().toBuilder().kind(AttentionKind.MHA).kvHeads(16).headDim(128).build());
        var mla = LogComparison.compare(LogComparison.apply(full, dm), dm);
        assertTrue(mla.causes().get(0).startsWith("MLA treated as full attention"), mla.causes().toString());
        assertTrue(mla.causes().get(0).matches(".* — corrected, the gap goes from -\\d+\\.\\d % to [+-][01]\\.\\d %"),
                mla.causes().toString());
        // a sheet without MLA's fields is not an MLA model: no MLA cause (issue 25)
        Worksheet gqa = preLaunch(ds).withKv(Sheets.gqa(27, 16, 16, 128, KvDtype.AUTO));
        var none = LogComparison.compare(LogComparison.apply(gqa, dm), dm);
        assertTrue(none.causes().stream().noneMatch(c -> c.startsWith("MLA")), none.causes().toString());
        Worksheet other = preLaunch(ds).withRuntime(Sheets.vllm("0.19.0", 0.9, 4096L).toBuilder().blockSize(16).build());
        var setup = LogComparison.compare(other, dm);
        assertTrue(setup.setupDifferences().stream().anyMatch(s -> s.startsWith("utilization: log 0.95")),
                setup.setupDifferences().toString());
        assertTrue(setup.setupDifferences().stream().anyMatch(s -> s.startsWith("max model length: log 8,192")));
        assertTrue(setup.causes().stream().anyMatch(c -> c.startsWith("utilization differs")), setup.causes().toString());
        Worksheet applied = LogComparison.apply(other, dm);
        assertEquals(0.95, applied.runtime().utilization());
        assertEquals(8192L, applied.runtime().maxModelLen());
        assertNotNull(applied.validation().measuredNonKvBytes());
        var after = LogComparison.compare(applied, dm);
        // issue 25: after Apply the comparison is the prediction frozen before launch against the log, not the sheet itself
        assertEquals(applied.validation().predictedNonKvBytes().doubleValue(), after.rows().get(0).predicted(), after.rows().toString());
        SizingResult now = SizingCalculator.calculate(applied);
        assertEquals(1.0, now.get(FigureKey.POOL_KV_POOL_BYTES).value() / (double) dm.kvPoolBytes(), 0.02, "the sheet now agrees");
    }

    /**
     * Seen: D05 (Qwen2-7B, TP 2 on two nodes via Ray) was +8.8 % before launch: the sheet could not say the replica
     * spans nodes. Ray workers print their node's address; distinct addresses (and the driver's own node) are nodes.
     */
    @Test
    void rayLogsNameTheNodesAReplicaSpans() throws Exception {
        java.util.Map<String, Log> byId = new java.util.HashMap<>();
        logs().forEach(l -> byId.put(l.id(), l));
        Measurement d05 = EngineLogParser.parse(byId.get("D05").text());
        assertEquals(2, d05.nodes(), "one remote address + workers on the driver's node");
        assertEquals(3, EngineLogParser.parse(byId.get("D06").text()).nodes());
        assertEquals(null, EngineLogParser.parse(byId.get("D03").text()).nodes(), "one node: no Ray addresses");
        Worksheet sheet = preLaunch(byId.get("D05")).withRuntime(preLaunch(byId.get("D05")).runtime().toBuilder().nodes(1).build());
        var c = LogComparison.compare(sheet, d05);
        assertTrue(c.setupDifferences().stream().anyMatch(d -> d.startsWith("nodes per replica: log 2")), c.setupDifferences().toString());
        assertEquals(2, LogComparison.apply(sheet, d05).runtime().nodes(), "Apply takes the log's nodes");
        var est = NonKvEstimator.estimate(preLaunch(byId.get("D05")));
        assertTrue(est.notes().stream().anyMatch(n -> n.startsWith("replica across 2 nodes")), est.notes().toString());
    }
}
