package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.Sheets.value;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Each engine's pool follows that engine's own arithmetic (docs/engines.md). */
class EngineTest {

    private static Worksheet llama8b(RuntimeSettings r, long gpuBytes) {
        return Sheets.llama70b().withWeights(Sheets.weights(8_030_261_248L, WeightFormat.BF16))
                .withKv(Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO)).withRuntime(r)
                .withWorkloads(new Workloads(Scenario.of(1000, 24, 8), Scenario.of(4000, 96, 8), Scenario.of(8000, 192, 8)))
                .withGpu(new Gpu("H100", 1, gpuBytes))
                .withResult(new ResultSettings(0L, ScenarioId.LIMIT, 8192L, null));
    }

    private static RuntimeSettings runtime(Engine e, String version, Double util, CacheImplementation c, Integer seqs, int tp) {
        return RuntimeSettings.builder().engine(e).engineVersion(version).cacheImplementation(c).tensorParallel(tp)
                .utilization(util).maxModelLen(8192L).maxNumSeqs(seqs)
                .activationPeakBytes(Units.GIB).nonTorchBytes(0L).cudaGraphBytes(Units.GIB / 2).build();
    }

    @Test
    void vllmDefaultUtilizationDependsOnVersion() {
        SizingResult old = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.10.1", null, null, null, 1), 80 * Units.GIB));
        SizingResult cur = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.26.0", null, null, null, 1), 80 * Units.GIB));
        assertEquals(0.90, old.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        assertEquals(0.92, cur.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        assertEquals((long) Math.ceil(80 * Units.GIB * 0.92), value(cur, FigureKey.POOL_REQUESTED_BYTES));
    }

    @Test
    void vllm019WithNoFlagReserves090OfTheVisibleTotal() {
        // Seen (issue 15): a v0.19.0 startup with no flag reserved ceil(0.90 x 79.19 GiB) = 71.27 GiB; the
        // app used to switch to 0.92 at v0.13.
        long visible = Math.round(79.19 * Units.GIB);
        SizingResult v19 = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.19.0", null, null, null, 1), visible));
        SizingResult v13 = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.13.0", null, null, null, 1), visible));
        SizingResult v22 = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.22.0", null, null, null, 1), visible));
        assertEquals(0.90, v19.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        assertEquals(0.90, v13.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        assertEquals(0.92, v22.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        long requested = value(v19, FigureKey.POOL_REQUESTED_BYTES);
        assertEquals((long) Math.ceil(visible * 0.90), requested);
        assertEquals(71.27, Math.round(requested / (double) Units.GIB * 100) / 100.0, 1e-9);
    }

    @Test
    void vllmSubtractsCudaGraphsFromV021() {
        SizingResult v19 = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 1), 80 * Units.GIB));
        SizingResult v21 = SizingCalculator.calculate(llama8b(runtime(Engine.VLLM, "0.21.0", 0.9, null, null, 1), 80 * Units.GIB));
        assertEquals(0, value(v19, FigureKey.POOL_CUDA_GRAPH_BYTES));
        assertEquals(Units.GIB / 2, value(v21, FigureKey.POOL_CUDA_GRAPH_BYTES));
        // 0.5 GiB less pool = 256 fewer 2 MiB blocks (16 tokens x 128 KiB per token)
        assertEquals(256, value(v19, FigureKey.POOL_GPU_BLOCKS) - value(v21, FigureKey.POOL_GPU_BLOCKS));
    }

    /**
     * SGLang 0.5.4's capacity rule on an H100 whose nvidia-smi total is 81,559 MiB (CUDA-visible 512 MiB less, the sheet's
     * total): 0.835, as SG04 printed; without a release the newest rule adds the prefill CUDA graphs (58 sizes x 8 MiB): 0.83.
     */
    @Test
    void sglangDefaultFractionOnAnH100Is0835() {
        long visible = (81_559 - 512) * Units.MIB;
        RuntimeSettings r = runtime(Engine.SGLANG, "0.5.4.post3", null, null, null, 1);
        SizingResult res = SizingCalculator.calculate(llama8b(r, visible));
        assertEquals(0.835, res.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
        long weights = 8_030_261_248L * 2;
        long rest = (long) Math.floor(visible * 0.835) - weights;
        assertEquals(rest / 131_072, value(res, FigureKey.POOL_CAPACITY_TOKENS));
        SizingResult newest = SizingCalculator.calculate(llama8b(runtime(Engine.SGLANG, "", null, null, null, 1), visible));
        assertEquals(0.83, newest.get(FigureKey.POOL_FRACTION).ratio(), 1e-12);
    }

    @Test
    void tensorRtTakesItsFractionOfWhatIsFree() {
        RuntimeSettings r = runtime(Engine.TENSORRT_LLM, "", null, null, null, 1);
        SizingResult res = SizingCalculator.calculate(llama8b(r, 80 * Units.GIB));
        long nonKv = 8_030_261_248L * 2 + Units.GIB + Units.GIB / 2;
        long pool = (long) Math.floor((80 * Units.GIB - nonKv) * 0.9);
        assertEquals(pool, value(res, FigureKey.POOL_KV_POOL_BYTES));
        long tokens = pool / 131_072;
        assertEquals((tokens + 31) / 32, value(res, FigureKey.POOL_GPU_BLOCKS));
        assertEquals(32, value(res, FigureKey.POOL_BLOCK_SIZE));
    }

    @Test
    void llamaCppPreallocatesPaddedContext() {
        RuntimeSettings r = Sheets.engine(Engine.LLAMA_CPP, null, 8000L).toBuilder().maxNumSeqs(4).build();
        SizingResult res = SizingCalculator.calculate(llama8b(r, 24 * Units.GIB)
                .withResult(new ResultSettings(0L, ScenarioId.LIMIT, 2000L, null)));
        assertEquals(8192, value(res, FigureKey.POOL_CAPACITY_TOKENS), "8,000 cells padded to a multiple of 256");
        assertEquals(8192L * 131_072, value(res, FigureKey.POOL_KV_POOL_BYTES));
        assertEquals(4, value(res, FigureKey.POOL_MAX_CONCURRENCY), "four slots of 2,000 tokens");
    }

    @Test
    void transformersStaticCachePreallocatesBatchTimesMaxLength() {
        RuntimeSettings stat = runtime(Engine.TRANSFORMERS, "", null, CacheImplementation.STATIC, 4, 1);
        SizingResult s = SizingCalculator.calculate(llama8b(stat, 80 * Units.GIB));
        assertEquals(4L * 8192 * 131_072, value(s, FigureKey.POOL_KV_POOL_BYTES));
        assertEquals(4, value(s, FigureKey.POOL_MAX_CONCURRENCY));
        RuntimeSettings dyn = runtime(Engine.TRANSFORMERS, "", null, CacheImplementation.DYNAMIC, null, 1);
        SizingResult d = SizingCalculator.calculate(llama8b(dyn, 80 * Units.GIB));
        assertTrue(value(d, FigureKey.POOL_KV_POOL_BYTES) > value(s, FigureKey.POOL_KV_POOL_BYTES), "dynamic grows into what is left");
    }

    @Test
    void tensorParallelShardsKvHeadsAndReplicatesPastThem() {
        Worksheet tp2 = llama8b(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 2), 80 * Units.GIB)
                .withGpu(new Gpu("H100", 2, 80 * Units.GIB));
        assertEquals(65_536, value(SizingCalculator.calculate(tp2), FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
        Worksheet tp16 = tp2.withRuntime(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 16))
                .withGpu(new Gpu("H100", 16, 80 * Units.GIB));
        SizingResult r = SizingCalculator.calculate(tp16);
        assertEquals(16_384, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU), "one KV head per rank, replicated");
        assertEquals(131_072, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN), "the model-wide figure does not change");
    }

    @Test
    void mlaIsReplicatedOnEveryTensorRank() {
        Worksheet ws = llama8b(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 4), 80 * Units.GIB)
                .withKv(Sheets.mla(27, 16, 512, 64, KvDtype.BF16)).withGpu(new Gpu("H100", 4, 80 * Units.GIB));
        SizingResult r = SizingCalculator.calculate(ws);
        assertEquals(31_104, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
        assertEquals(16, value(r, FigureKey.POOL_BLOCK_SIZE), "v0.19 on Hopper: FlashAttention-MLA keeps 16");
    }

    @Test
    void vllmMlaBlockSizeFollowsTheGpuAndTheVersion() {
        // Seen (issue 15): a v0.19 H100 DeepSeek-V2-Lite log used 16 where the app assumed 64.
        Worksheet ws = llama8b(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 1), 80 * Units.GIB)
                .withKv(Sheets.mla(27, 16, 512, 64, KvDtype.BF16));
        assertEquals(16, block(ws, "0.19.0", "NVIDIA H100 80GB HBM3"));
        assertEquals(64, block(ws, "0.10.1", "NVIDIA H100 80GB HBM3"), "FlashMLA forced 64 on Hopper before v0.19");
        assertEquals(64, block(ws, "0.19.0", "NVIDIA B200"), "FlashInfer-MLA on Blackwell");
        assertEquals(16, block(ws, "0.10.1", "NVIDIA A100 80GB SXM4"), "Triton-MLA where FlashMLA cannot run");
        assertEquals(16, block(ws, "0.19.0", "NVIDIA GH200 480GB"));
        assertEquals(16, block(ws.withKv(Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO)), "0.10.1", "NVIDIA H100 80GB HBM3"),
                "not MLA: the default 16");
    }

    private static long block(Worksheet ws, String version, String gpu) {
        RuntimeSettings r = runtime(Engine.VLLM, version, 0.9, null, null, 1);
        return value(SizingCalculator.calculate(ws.withRuntime(r).withGpu(new Gpu(gpu, 1, 80 * Units.GIB))),
                FigureKey.POOL_BLOCK_SIZE);
    }

    @Test
    void measuredNonKvIsNotAddedToTheWeightsAgain() {
        Worksheet ws = llama8b(runtime(Engine.VLLM, "0.19.0", 0.95, null, null, 1), Units.gib(79.19))
                .withValidation(Validation.builder().measuredNonKvBytes(Units.gib(17.12)).build());
        SizingResult r = SizingCalculator.calculate(ws);
        assertEquals(Units.gib(17.12), value(r, FigureKey.RESULT_NON_KV_BYTES));
        assertEquals(Units.gib(17.12), value(r, FigureKey.POOL_NON_KV_BYTES));
        assertTrue(r.get(FigureKey.RESULT_BUDGET_BYTES).provenance().assumptions().get(0).contains("Weights counted once"));
    }

    @Test
    void kvCacheMemoryIsAVllmSetting() {
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, null, 8192L).toBuilder().kvCacheMemoryBytes(Units.GIB).build();
        assertFalse(SizingCalculator.calculate(llama8b(r, 80 * Units.GIB)).valid());
    }

    @Test
    void capacityCurveFallsWithContext() {
        SizingCalculator.Outcome o = SizingCalculator.compute(llama8b(runtime(Engine.VLLM, "0.19.0", 0.9, null, null, 1),
                80 * Units.GIB));
        double prev = Double.MAX_VALUE;
        for (long ctx = 512; ctx <= 8192; ctx *= 2) {
            double x = o.capacity().ratioAt(ctx);
            assertTrue(x < prev, "concurrency falls as context grows");
            prev = x;
        }
        assertEquals(0, o.capacity().ratioAt(16_384), "beyond max model length nothing fits");
    }
}
