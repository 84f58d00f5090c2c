package org.vramsheet.core.engine.vllm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/** The fitting procedure on synthetic runs (made here from known constants), and vLLM's batch defaults by release and GPU. */
class VllmProfileFitTest {
    /**
     * Synthetic: runs whose peaks are exactly 20,000 B x T + 14 B x S x V + the encoder term (+ a MoE
     * workspace, taken off before the fit) give those constants back.
     */
    @Test
    void theFitRecoversTheConstantsThatMadeTheRuns() {
        VllmProfile.Constants truth = new VllmProfile.Constants(20_000, 14, Units.gib(0.25), Units.gib(2.1), Units.gib(0.07),
                Units.gib(0.84));
        List<VllmProfileFit.Run> runs = new ArrayList<>();
        long[][] shapes = {{8192, 1024, 128_256, 0, 1, 1, 0, 4096}, {8192, 1024, 32_000, 0, 2, 1, 700_000_000, 4096},
            {2048, 256, 152_064, 0, 1, 1, 0, 3584}, {8192, 1024, 262_208, 2560, 1, 1, 0, 5376},
            {8192, 1024, 128_256, 0, 1, 2, 0, 8192}, {2048, 256, 51_200, 0, 4, 1, 0, 2560}};
        for (long[] s : shapes) {
            VllmProfile.Features f = new VllmProfile.Features(s[0], s[1], s[2], s[3], s[3] > 0 ? 2 : 0, (int) s[4], (int) s[5],
                    s[6], 0, 0);
            runs.add(new VllmProfileFit.Run("synthetic", f, VllmProfile.activation(f, truth), VllmProfile.nonTorch(f, truth),
                    truth.cudaGraphs()));
        }
        VllmProfile.Constants fit = VllmProfileFit.fit(runs);
        assertEquals(truth.perToken(), fit.perToken(), 1e-3);
        assertEquals(truth.perVocabSeq(), fit.perVocabSeq(), 1e-9);
        assertEquals(truth.nonTorchOne(), fit.nonTorchOne());
        assertEquals(truth.nonTorchTp(), fit.nonTorchTp());
        assertEquals(truth.nonTorchPp(), fit.nonTorchPp());
        assertEquals(truth.cudaGraphs(), fit.cudaGraphs());
    }

    @Test
    void batchDefaultsFollowTheReleaseAndTheGpu() {
        Gpu h100 = new Gpu("NVIDIA H100 80GB HBM3", 1, Units.gib(79.19));
        Gpu a100 = new Gpu("NVIDIA A100-SXM4-80GB", 1, Units.gib(79.25));
        Gpu l4 = new Gpu("NVIDIA L4", 1, Units.gib(22.05));
        Gpu mi300x = new Gpu("AMD Instinct MI300X", 1, Units.gib(191.5));
        assertEquals(8192L, tokens("0.19.0", h100));
        assertEquals(8192L, tokens("0.19.0", mi300x));
        assertEquals(2048L, tokens("0.19.0", a100), "A100 kept small (PR #17885)");
        assertEquals(2048L, tokens("0.19.0", l4));
        assertEquals(8192L, tokens("0.8.5", h100), "H100 by name (PR #12369)");
        assertEquals(2048L, tokens("0.8.5", mi300x), "only H100 / H200 before PR #17073");
        assertEquals(2048L, tokens("0.7.0", h100));
        assertEquals(1024L, VllmBatchDefaults.maxNumSeqs(run("0.19.0"), h100, 8192).value());
        assertEquals(256L, VllmBatchDefaults.maxNumSeqs(run("0.8.5"), h100, 8192).value());
        assertEquals(256L, VllmBatchDefaults.maxNumSeqs(run("0.19.0"), l4, 2048).value());
        assertEquals(100L, VllmBatchDefaults.maxNumSeqs(run("0.19.0"), l4, 100).value(), "never more than the batched tokens");
    }

    private static long tokens(String version, Gpu g) { return VllmBatchDefaults.maxBatchedTokens(run(version), g).value(); }

    private static RuntimeSettings run(String version) { return RuntimeSettings.builder().engineVersion(version).build(); }
}
