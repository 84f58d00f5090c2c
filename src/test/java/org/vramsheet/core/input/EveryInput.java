package org.vramsheet.core.input;

import java.util.List;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.SpeculativeMethod;
import org.vramsheet.core.sheet.SpeculativeSettings;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.calc.Sheets;

/** A test sheet with every input set to a value other than its default. */
public final class EveryInput {
    private EveryInput() { }

    public static Worksheet sheet() {
        ModelInfo m = new ModelInfo("org/Model-X", "abc1234", "LlamaForCausalLM", 131_072L, 128_256L);
        Weights w = new Weights(70_553_706_496L, 12_345_678_901L, WeightFormat.INT4, ComputeDtype.FP16, 128, 16, 4,
                1_050_673_152L, 39_000_000_000L, "AWQ safetensors", 600_000_000L, 8, 1536, 64);
        KvArchitecture k = new KvArchitecture(AttentionKind.MHA, 80, 64, 64, 128, 8192, 512, 64, KvDtype.FP8_E4M3,
                List.of(new LayerWindow(20, 4096L, WindowKind.CHUNKED, 8, 96, KvDtype.FP8_E5M2)), 2, 1_048_576L, 96);
        Workloads wl = new Workloads(new Scenario(1000L, 200L, 16L, List.of(3000L, 5000L), 100L, 0.75),
                new Scenario(8000L, 1000L, 8L, List.of(9000L), 500L, 0.5), new Scenario(30_000L, 2000L, 4L, List.of(32_000L), 1000L, 1.0));
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.SGLANG).engineVersion("0.5.2")
                .cacheImplementation(CacheImplementation.PAGED).tensorParallel(2).pipelineParallel(2).utilization(0.85).blockSize(32)
                .maxModelLen(65_536L).prefixCaching(true).maxNumBatchedTokens(8192L).maxNumSeqs(777)
                .activationPeakBytes(2_000_000_000L).nonTorchBytes(1_500_000_000L).cudaGraphBytes(700_000_000L)
                .fragmentationPercent(5.0).cudaGraphsInPool(true).kvCacheMemoryBytes(40_000_000_000L).dataParallel(3).nodes(2)
                .llamaCpp(new LlamaCppSettings(40, List.of(3.0, 1.0), KvDtype.Q4_1, true, FlashAttention.ON, 256L, 1024L, true))
                .ollama(new OllamaSettings(8192L, 4096L, 2, KvDtype.Q8_0, true, 33, 512L << 20))
                .performance(new PerfSettings(0.7, 0.6, 20.0, 100.0))
                .speculative(new SpeculativeSettings(SpeculativeMethod.EAGLE3, 3, "acme/eagle3-x", 850_000_000L, 1, 8, 128, 2))
                .lora(new LoraSettings(4, 32, "q_proj, v_proj", ComputeDtype.FP16, 16, 14_336))
                .offload(new OffloadSettings(64L << 30, 2.0, 512L << 30))
                .expert(new ExpertSettings(true, 2))
                .build();
        Gpu g = new Gpu("H100 SXM", 12, 85_520_809_984L, new GpuSpeed(3000.0, 900.0, 1800.0, 3600.0, 400.0, "NVLink 4",
                "typed"), 128L << 30, 120_000L); // unified RAM and wired limit: every input set, whether or not it fits an H100
        Validation v = new Validation(45_000_000_000L, 30_000_000_000L, 98_304L, 80_000_000_000L, 61L, "ran on node 7",
                44_000_000_000L, 31_000_000_000L, 100_000L, 4, 2_100_000_000L, 1_400_000_000L, 600_000_000L,
                new MeasuredSetup("acme/probe-9b", "r2", WeightFormat.FP8, 9_500_000_000L, KvDtype.FP8_E5M2, Engine.VLLM, "0.18.1",
                        "A100 80GB", 84_000_000_000L, 2, 2, 0.88, 16_384L, 64, "2026-11-20", "-c 16384; -ngl 30"),
                List.of(new org.vramsheet.core.sheet.MeasuredDevice("gpu0", "CUDA0", 5_000_000_000L, 700_000_000L, 60_000_000L,
                        760_000_000L, 500_000_000L, 1_000_000L)), 31,
                new MeasuredLatency("acme/probe-9b", Engine.SGLANG, "0.5.1", "A100 80GB", 4, WeightFormat.FP8, KvDtype.FP8_E5M2,
                        "2026-11-20T10:11:12Z", "ramp", 1000L, 200L, List.of(new LatencyStep(8, 120.5, 180.25, 199.0, 21.5,
                        30.75, 41.0, 350.5, 8, 1))));
        ResultSettings res = new ResultSettings(2_000_000_000L, ScenarioId.HEAVY, 32_768L, 500L,
                new SlaTargets(800.0, TtftPercentile.P50, 40.0, 20.0), 2.5);
        SignOff s = new SignOff("Ann Preparer", "2026-11-01", "Rob Reviewer", "2026-11-02", "Alice Approver", "2026-11-03",
                SignOffStatus.APPROVED, "ab".repeat(32), List.of(new SignOff.Approval("Old Approver", "2026-10-01",
                "cd".repeat(32), "2026-10-15")));
        Variants vs = new Variants("Mine", List.of(new Variants.Variant("Mine", null),
                new Variants.Variant("Other", Sheets.llama70b())));
        return new Worksheet(m, w, k, wl, r, g, v, res, s, vs);
    }
}
