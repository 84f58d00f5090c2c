package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.engine.vllm.VllmForwardPeak;
import org.vramsheet.core.engine.vllm.VllmProfile;
import org.vramsheet.core.engine.vllm.VllmProfileFit;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Issue 27 point 3: vLLM's torch peak is the larger of the dense forward's phase and the sampler's, not their sum
 * ({@link VllmForwardPeak}). The width comes from the config's parameter count; the phase that sets the peak follows T, S and
 * V: the forward's where few sequences meet many batched tokens (VC01), the sampler's on every fitted H100 log.
 */
class VllmForwardPeakTest {
    private static FieldLogs.FieldLog log(String id) {
        return FieldLogs.of("vllm").filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    /** Llama-3.1-8B: (8.03 B - 128,256 x 4,096) / 32 / 4,096 = 57,260, between 3 I + 2 H (51,200) and 3 I + 4 H + 2 KV. */
    @Test
    void aDenseLayersWidthComesFromItsParameterCount() throws Exception {
        Worksheet ws = FieldLogSheets.preLaunch(log("VC01"));
        Double w = VllmForwardPeak.width(ws);
        assertNotNull(w);
        int hidden = 4096;
        int inter = 14336; // Llama-3.1-8B's intermediate_size
        assertTrue(w >= 3 * inter + 2 * hidden && w <= 3 * inter + 4 * hidden, "width " + w);
        // T x W x 2 B at the offline LLM class's 8,192 batched tokens
        assertEquals(Math.round(8192 * w * 2), VllmForwardPeak.bytes(ws, 8192));
    }

    /** A mixture-of-experts model's expert MLPs run in the fused-MoE kernel (its caches counted apart): no dense phase. */
    @Test
    void mixtureOfExpertsModelsHaveNoDenseForwardPhase() throws Exception {
        for (String id : List.of("VC08", "VB25", "VB24")) {
            Worksheet ws = FieldLogSheets.preLaunch(log(id));
            assertNull(VllmForwardPeak.width(ws), id);
            assertEquals(0, NonKvEstimator.features(ws).forwardPeak(), id);
        }
    }

    /**
     * VC01 (an offline LLM() run, T = 8,192 and S = 256 on an A100 40GB): the forward's 0.87 GiB is above the sampler's
     * phase (0.54 GiB), so it is the peak, in place of it and not on top of it; the note says which phase it is.
     */
    @Test
    void theForwardSetsThePeakWhereFewSequencesMeetManyTokens() throws Exception {
        Worksheet ws = FieldLogSheets.preLaunch(log("VC01"));
        VllmProfile.Features f = NonKvEstimator.features(ws);
        VllmProfile.Constants c = VllmProfile.FITTED;
        assertEquals(8192, f.batchedTokens());
        assertEquals(256, f.seqs());
        assertTrue(VllmProfile.forwardSetsPeak(f, c));
        NonKvEstimator.Estimate e = NonKvEstimator.estimate(ws);
        assertEquals(f.forwardPeak(), e.activationPeakBytes(), "the forward's phase, not the sum of the two");
        assertTrue(e.activationPeakBytes() < f.forwardPeak() + VllmProfile.samplerPhase(f, c));
        assertTrue(e.notes().stream().anyMatch(n -> n.startsWith("forward pass at the MLP of a layer") && n.contains("sets the peak in "
                + "place of it")), e.notes().toString());
        System.out.println("VC01: forward " + Units.gibText(f.forwardPeak()) + ", sampler's phase "
                + Units.gibText(VllmProfile.samplerPhase(f, c)));
    }

    /** On the H100 logs (S = 1,024) the sampler's phase is the larger: the fit and its constants are what they were. */
    @Test
    void theSamplerSetsThePeakOnEveryFittedLog() throws Exception {
        int dense = 0;
        for (VllmLeaveOneOutTest.Case c : VllmLeaveOneOutTest.cases()) {
            VllmProfileFit.Run r = c.run();
            assertFalse(VllmProfileFit.forwardBound(r), c.id() + ": forward " + Units.gibText(r.features().forwardPeak())
                    + " against the printed " + Units.gibText(r.activationBytes()));
            assertFalse(VllmProfile.forwardSetsPeak(r.features(), VllmProfile.FITTED), c.id());
            dense += r.features().forwardPeak() > 0 ? 1 : 0;
        }
        assertTrue(dense >= 30, "dense logs with a forward phase: " + dense);
    }
}
