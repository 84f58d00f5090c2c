package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import java.util.function.UnaryOperator;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Small worksheet builders for tests. */
public final class Sheets {
    private Sheets() { }

    public static KvArchitecture gqa(int layers, int heads, int kvHeads, int headDim, KvDtype dtype) {
        AttentionKind kind = kvHeads == heads ? AttentionKind.MHA : kvHeads == 1 ? AttentionKind.MQA : AttentionKind.GQA;
        return KvArchitecture.builder().kind(kind).layers(layers).attentionHeads(heads).kvHeads(kvHeads).headDim(headDim)
                .kvDtype(dtype).build();
    }

    public static KvArchitecture mla(int layers, int heads, int rank, int rope, KvDtype dtype) {
        return KvArchitecture.builder().kind(AttentionKind.MLA).layers(layers).attentionHeads(heads).kvLoraRank(rank)
                .qkRopeHeadDim(rope).kvDtype(dtype).build();
    }

    public static RuntimeSettings vllm(String version, Double util, long maxLen) {
        return engine(Engine.VLLM, util, maxLen).toBuilder().engineVersion(version).build();
    }

    public static RuntimeSettings engine(Engine e, Double util, long maxLen) {
        // activation, non-torch and CUDA graphs typed as 0: the figures tests check do not move with the estimator
        return RuntimeSettings.builder().engine(e).utilization(util).maxModelLen(maxLen)
                .activationPeakBytes(0L).nonTorchBytes(0L).cudaGraphBytes(0L).build();
    }

    public static Weights weights(long params, WeightFormat f) {
        return Weights.builder().totalParams(params).format(f).build();
    }

    /** Llama 3.1 70B BF16 on one 80 GiB card, vLLM 0.19, scenarios of the seed. */
    public static Worksheet llama70b() {
        return new Worksheet(new ModelInfo("meta-llama/Llama-3.1-70B-Instruct", "main", "LlamaForCausalLM", 131072L, null),
                weights(70_553_706_496L, WeightFormat.BF16),
                gqa(80, 64, 8, 128, KvDtype.AUTO),
                new Workloads(Scenario.of(3584, 512, 12), Scenario.of(7168, 1024, 24), Scenario.of(30720, 2048, 16)),
                vllm("0.19.0", null, 32768),
                new Gpu("H200", 1, Units.gib(139.81)), null, null, null, null);
    }

    /**
     * Llama 3.1 70B at 4 bits (vocabulary 128,256, hidden 8,192) on two 24 GiB GPUs with llama.cpp b6209, n_ctx 8,192, one
     * sequence at a time up to 8,192 tokens.
     */
    public static Worksheet llamaCppTwoGpus(UnaryOperator<LlamaCppSettings.Builder> flags) {
        Worksheet ws = llama70b();
        return ws.withModel(new ModelInfo(ws.model().modelId(), "", "LlamaForCausalLM", 131_072L, 128_256L))
                .withWeights(weights(70_553_706_496L, WeightFormat.INT4))
                .withKv(ws.kv().toBuilder().hiddenSize(8192).kvDtype(KvDtype.FP16).build())
                .withRuntime(engine(Engine.LLAMA_CPP, null, 8192).toBuilder().engineVersion("b6209").pipelineParallel(2)
                        .llamaCpp(flags.apply(LlamaCppSettings.builder()).build()).build())
                .withGpu(new Gpu("24 GiB card", 2, 24 * Units.GIB))
                .withWorkloads(new Workloads(Scenario.of(2048, 512, 1), Scenario.of(4096, 1024, 1), Scenario.of(6144, 2048, 1)));
    }

    public static Worksheet withScenario(Worksheet ws, ScenarioId id, Scenario s) {
        Workloads w = ws.workloads();
        return ws.withWorkloads(new Workloads(id == ScenarioId.TYPICAL ? s : w.typical(),
                id == ScenarioId.HEAVY ? s : w.heavy(), id == ScenarioId.LIMIT ? s : w.limit()));
    }

    public static long value(SizingResult r, FigureKey key) {
        Figure f = r.get(key);
        if (!f.available()) {
            throw new AssertionError(key + " unavailable: " + f.reason());
        }
        return f.value();
    }
}
