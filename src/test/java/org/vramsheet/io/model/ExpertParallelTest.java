package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.core.validation.Measurement;

/**
 * Expert parallel and DP attention (issue 30 point 4), worked by hand from DeepSeek-V2-Lite's config
 * (src/test/resources/configs: hidden 2,048, 27 layers of which the first is dense, 64 routed experts of intermediate 1,408,
 * 2 shared, 6 per token): the routed experts are 64 x 26 x 3 x 2,048 x 1,408 = 14,394,851,328 parameters, 28,789,702,656 B
 * in bf16. vLLM at TP 1 with --data-parallel-size 2 --enable-expert-parallel (FusedMoEParallelConfig.make: EP = DP x TP)
 * puts 32 whole experts of each layer on each GPU and the rest (attention, embeddings, the dense layer, the shared
 * experts: 31,412,968,448 - 28,789,702,656 B) on both. No vLLM log of an expert-parallel run with both its weights and its
 * pool was found (searches in docs/engines.md); SGLang's DP-attention log SG17 (sgl-project/sglang#6017) checks the KV
 * each DP rank stores.
 */
class ExpertParallelTest {
    private static final String LITE = "deepseek-ai__DeepSeek-V2-Lite.json";
    private static final long H100 = 85_520_809_984L;
    private static final long ROUTED_PARAMS = 64L * 26 * 3 * 2048 * 1408;

    static Worksheet sheet(String file, Engine e, int gpus, int tp, ExpertSettings s) throws Exception {
        ModelImport m = ConfigImporterTest.load(file);
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("NVIDIA H100 SXM 80GB", gpus, H100),
                null, null, null, null));
        return ws.withRuntime(ws.runtime().toBuilder().engine(e).tensorParallel(tp).expert(s).build());
    }

    static long value(SizingResult r, FigureKey k) {
        Figure f = r.figures().get(k.id());
        assertNotNull(f, k.id());
        assertTrue(f.available(), k.id() + ": " + f.reason());
        return f.value();
    }

    private static boolean runtimeIssue(SizingResult r) {
        return r.issues().stream().anyMatch(i -> i.field().startsWith("runtime."));
    }

    @Test
    void deepSeekV2LiteOnTwoGpusWithExpertParallelHoldsHalfTheExpertsEach() throws Exception {
        assertEquals(14_394_851_328L, ROUTED_PARAMS);
        SizingResult one = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 1, 1, ExpertSettings.defaults()));
        SizingResult ep = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 2, 1, new ExpertSettings(true, 2)));
        assertFalse(runtimeIssue(ep), ep.issues().toString());
        assertEquals(31_412_968_448L, value(ep, FigureKey.WEIGHTS_BYTES), "15,706,484,224 parameters x 2 B");
        assertEquals(ROUTED_PARAMS * 2, value(ep, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES));
        assertEquals(2, value(ep, FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE), "EP = DP x TP = 2 x 1");
        assertEquals(1, value(ep, FigureKey.PLACEMENT_EXPERT_TENSOR_PARALLEL_SIZE));
        assertEquals(32, value(ep, FigureKey.PLACEMENT_EXPERTS_PER_GPU), "64 // 2");
        assertEquals(ROUTED_PARAMS, value(ep, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU), "32 / 64 of 28,789,702,656 B");
        assertEquals(31_412_968_448L - ROUTED_PARAMS * 2, value(ep, FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU));
        assertEquals(2_623_265_792L + ROUTED_PARAMS, value(ep, FigureKey.WEIGHTS_BYTES_PER_GPU));
        assertEquals(31_412_968_448L, value(one, FigureKey.WEIGHTS_BYTES_PER_GPU), "one GPU holds all");
        // each DP rank: its own pool, larger by the experts it no longer holds (the non-KV estimate is otherwise the same)
        long grown = value(ep, FigureKey.POOL_KV_POOL_BYTES) - value(one, FigureKey.POOL_KV_POOL_BYTES);
        assertTrue(Math.abs(grown - ROUTED_PARAMS) < 64L << 20, "pool grows by about the experts moved away: " + grown);
        assertEquals(2 * value(ep, FigureKey.POOL_CAPACITY_TOKENS), value(ep, FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS));
        assertEquals(2 * value(ep, FigureKey.POOL_MAX_CONCURRENCY), value(ep, FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY));
        assertEquals(2, value(ep, FigureKey.PLACEMENT_GPUS_PER_REPLICA), "TP x PP x attention DP");
        assertEquals(2 * value(ep, FigureKey.POOL_MAX_CONCURRENCY), value(ep, FigureKey.PLACEMENT_FLEET_CONCURRENCY));
    }

    @Test
    void withoutExpertParallelEachGpuHoldsASliceOfEveryExpertSameBytes() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 2, 1, new ExpertSettings(false, 2)));
        assertEquals(1, value(r, FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE));
        assertEquals(2, value(r, FigureKey.PLACEMENT_EXPERT_TENSOR_PARALLEL_SIZE), "flatten_tp_across_dp: TP x DP");
        assertEquals(64, value(r, FigureKey.PLACEMENT_EXPERTS_PER_GPU));
        assertEquals(ROUTED_PARAMS, value(r, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU));
    }

    @Test
    void anExpertCountThatDoesNotDivideGivesTheFullestGpuOneMore() throws Exception {
        // 64 experts over TP 1 x DP 3: determine_expert_map gives 22, 21, 21
        SizingResult r = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 3, 1, new ExpertSettings(true, 3)));
        assertEquals(22, value(r, FigureKey.PLACEMENT_EXPERTS_PER_GPU));
        assertEquals((ROUTED_PARAMS * 2 * 22 + 63) / 64, value(r, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU));
    }

    @Test
    void dpAttentionHoldsMoreMlaTokensThanTensorParallelOnTheSameGpus() throws Exception {
        // MLA's latent is whole on every TP rank: TP 2 holds one pool's tokens on two GPUs; DP 2 two pools of their own
        SizingResult tp2 = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 2, 2, ExpertSettings.defaults()));
        SizingResult dp2 = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 2, 1, new ExpertSettings(true, 2)));
        assertTrue(value(dp2, FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS) > value(tp2, FigureKey.POOL_CAPACITY_TOKENS),
                value(dp2, FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS) + " vs " + value(tp2, FigureKey.POOL_CAPACITY_TOKENS));
        assertEquals(value(tp2, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU), value(dp2, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
    }

    @Test
    void sglangDpAttentionRanksEachStoreTheWholeLatentOfTheirTokensAsSg17Shows() throws Exception {
        // SG17 (sgl-project/sglang#6017): "DP1 TP1] KV Cache is allocated. #tokens: 161488, KV size: 10.57 GB" on each rank
        Measurement m = EngineLogParser.parse(String.join("\n",
                "[2025-05-09 15:00:16 DP1 TP1] KV Cache is allocated. #tokens: 161488, KV size: 10.57 GB"));
        assertEquals(161_488L, m.kvTokens());
        SizingResult r = SizingCalculator.calculate(sheet("deepseek-ai__DeepSeek-V3.json", Engine.SGLANG, 8, 1,
                new ExpertSettings(true, 8)));
        long perToken = value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU);
        assertEquals(61L * (512 + 64) * 2, perToken, "61 layers x (kv_lora_rank + rope) x bf16");
        assertEquals("10.57", String.format(Locale.ROOT, "%.2f", m.kvTokens() * perToken / (double) (1L << 30)));
        assertEquals(256 / 8, value(r, FigureKey.PLACEMENT_EXPERTS_PER_GPU), "--ep-size 8: 32 of 256 experts each");
    }

    @Test
    void engineAndModelAreChecked() throws Exception {
        SizingResult llama = SizingCalculator.calculate(sheet(LITE, Engine.LLAMA_CPP, 2, 1, new ExpertSettings(true, 2)));
        assertTrue(llama.issues().stream().anyMatch(i -> i.field().equals("runtime.expert.dataParallel")
                && i.message().contains("vLLM and SGLang")), llama.issues().toString());
        SizingResult dense = SizingCalculator.calculate(sheet("meta-llama__Llama-3.1-8B-Instruct.json", Engine.VLLM, 2, 1,
                new ExpertSettings(true, 2)));
        assertTrue(dense.issues().stream().anyMatch(i -> i.field().equals("runtime.expert.dataParallel")
                && i.message().contains("mixture of experts")), dense.issues().toString());
        SizingResult off = SizingCalculator.calculate(sheet("meta-llama__Llama-3.1-8B-Instruct.json", Engine.VLLM, 1, 1,
                ExpertSettings.defaults()));
        assertFalse(off.figures().containsKey(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES.id()), "no expert figures for a dense model");
    }

    @Test
    void placementAndWhichGpusFitSearchOverExpertParallelForAMoe() throws Exception {
        Worksheet lite = sheet(LITE, Engine.VLLM, 1, 1, ExpertSettings.defaults());
        java.util.List<Planner.Layout> two = Planner.layouts(lite, 2);
        assertTrue(two.contains(new Planner.Layout(2, 1)) && two.contains(new Planner.Layout(1, 1, 2)), two.toString());
        assertEquals(new Planner.Layout(2, 1), two.get(0), "plain TP first");
        assertFalse(Planner.layouts(sheet("meta-llama__Llama-3.1-8B-Instruct.json", Engine.VLLM, 1, 1,
                ExpertSettings.defaults()), 2).stream().anyMatch(l -> l.dp() > 1), "a dense model has no DP-attention layout");
        assertFalse(Planner.layouts(sheet(LITE, Engine.LLAMA_CPP, 1, 1, ExpertSettings.defaults()), 2).stream()
                .anyMatch(l -> l.dp() > 1), "llama.cpp has no expert rule");
        // two H100s: TP 2 keeps one MLA pool on both GPUs, DP 2 with EP two pools: the comparison takes DP 2
        Planner.Row row = Planner.compare(lite, java.util.List.of(new Planner.Option("NVIDIA H100 SXM 80GB", 2, H100, null)))
                .get(0);
        assertEquals(new Planner.Layout(1, 1, 2), row.layout());
        SizingResult dp2 = SizingCalculator.calculate(sheet(LITE, Engine.VLLM, 2, 1, new ExpertSettings(true, 2)));
        assertEquals(value(dp2, FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY), row.maxConcurrency());
        Worksheet used = Planner.placedOn(lite, row);
        assertEquals(new ExpertSettings(true, 2), used.runtime().expert());
        assertEquals(2, used.gpu().count());
    }
}
