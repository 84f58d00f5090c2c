package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Issue 15: minimal official configs filled from transformers' config class defaults (each listed as "default used"),
 * and vision towers counted as their own WEIGHTS line. Parameter totals are the ones the model cards publish.
 */
class MultimodalImportTest {

    private static Worksheet sheet(ModelImport m, int tp, int pp) {
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", tp * pp, 80L << 30), null, null, null, null));
        return ws.withRuntime(ws.runtime().toBuilder().tensorParallel(tp).pipelineParallel(pp).build());
    }

    private static void near(double expected, double actual, double tolerance, String what) {
        assertTrue(Math.abs(actual - expected) / expected <= tolerance, what + ": " + actual + " against " + expected);
    }

    /** Seen: Gemma 3 4B's official config failed with "no num_attention_heads"; 27B assumed 2,048 tokens and 32,000 words. */
    @Test
    void gemma3MinimalConfigsTakeTheConfigClassDefaults() throws Exception {
        ModelImport m = ConfigImporterTest.load("google__gemma-3-4b-it.config.json");
        assertEquals(8, m.kv().attentionHeads());
        assertEquals(4, m.kv().kvHeads());
        assertEquals(256, m.kv().headDim());
        assertEquals(131_072L, m.model().maxContextTokens());
        assertEquals(262_208L, m.model().vocabSize());
        for (String key : new String[] {"num_attention_heads = 8", "num_key_value_heads = 4", "head_dim = 256",
            "max_position_embeddings = 131,072", "vocab_size = 262,208"}) {
            assertTrue(m.assumed().stream().anyMatch(a -> a.startsWith("default used: " + key)
                    && a.contains("Gemma3TextConfig")), key + " in " + m.assumed());
        }
        ModelImport big = ConfigImporterTest.load("google__gemma-3-27b-it.json");
        assertEquals(131_072L, big.model().maxContextTokens());
        assertEquals(262_208L, big.model().vocabSize());
        assertTrue(big.assumed().stream().noneMatch(a -> a.contains("32,000") || a.contains("2,048")), big.assumed().toString());
        NonKvEstimator.Estimate e = NonKvEstimator.estimate(sheet(big, 1, 1));
        assertTrue(e.notes().stream().anyMatch(n -> n.contains("262,208 vocabulary")), "the estimate uses the real vocabulary: "
                + e.notes());
    }

    /** Seen: vision towers were left out of the parameter count without a word. Totals from the model cards. */
    @Test
    void visionTowersAreCountedAsTheirOwnWeightsLine() throws Exception {
        ModelImport gemma = ConfigImporterTest.load("google__gemma-3-4b-it.config.json");
        near(4_300_079_472.0, gemma.weights().totalParams() + gemma.weights().encoderParams(), 0.01, "Gemma 3 4B (text + SigLIP)");
        ModelImport mistral = ConfigImporterTest.load("mistralai__Mistral-Small-3.1-24B-Instruct-2503.config.json");
        near(24_011_361_280.0, mistral.weights().totalParams() + mistral.weights().encoderParams(), 0.005, "Mistral-Small 3.1");
        assertEquals(40, mistral.kv().layers());
        assertEquals(8, mistral.kv().kvHeads(), "the text_config's family (mistral), not the wrapper's");
        ModelImport qwen = ConfigImporterTest.load("Qwen__Qwen2.5-VL-7B-Instruct.config.json");
        near(8_292_166_656.0, qwen.weights().totalParams() + qwen.weights().encoderParams(), 0.005, "Qwen2.5-VL-7B");
        assertTrue(qwen.detected().stream().anyMatch(d -> d.startsWith("vision_config")), qwen.detected().toString());
        assertNull(ConfigImporterTest.load("meta-llama__Llama-3.1-8B-Instruct.json").weights().encoderParams(), "text-only");
    }

    @Test
    void encodersAreLoadedOnTheFirstStageSplitByTpAndNeverCountedTwice() throws Exception {
        ModelImport m = ConfigImporterTest.load("Qwen__Qwen2.5-VL-7B-Instruct.config.json");
        long enc = m.weights().encoderParams() * 2;
        SizingResult one = SizingCalculator.calculate(sheet(m, 1, 1));
        assertEquals(enc, one.get(FigureKey.WEIGHTS_ENCODER_BYTES).value());
        long lm = one.get(FigureKey.WEIGHTS_ESTIMATED_BYTES).value();
        assertEquals(lm + enc, one.get(FigureKey.WEIGHTS_BYTES).value());
        SizingResult split = SizingCalculator.calculate(sheet(m, 2, 2));
        long expected = Math.floorDiv(lm + 3, 4) + Math.floorDiv(enc + 1, 2);
        assertEquals(expected, split.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value(), split.get(FigureKey.WEIGHTS_BYTES_PER_GPU)
                .provenance().toString());
        Worksheet ckpt = sheet(m, 1, 1);
        ckpt = ckpt.withWeights(ckpt.weights().toBuilder().checkpointBytes(16_584_333_312L).build());
        Figure w = SizingCalculator.calculate(ckpt).get(FigureKey.WEIGHTS_BYTES);
        assertEquals(16_584_333_312L, w.value(), "checkpoint bytes already hold the tower");
        assertTrue(w.provenance().assumptions().stream().anyMatch(a -> a.contains("not added again")), w.provenance().toString());
        Figure act = one.get(FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        assertTrue(act.provenance().assumptions().stream().anyMatch(a -> a.startsWith("encoder profiling")), act.toString());
        Worksheet textOnly = sheet(m, 1, 1);
        textOnly = textOnly.withWeights(textOnly.weights().toBuilder().encoderParams(null).build());
        long without = SizingCalculator.calculate(textOnly).get(FigureKey.POOL_ACTIVATION_PEAK_BYTES).value();
        assertEquals(4L * 8192 * 3584 * 2, act.value() - without, "the encoder's profiling term");
        assertTrue(Units.GIB > act.value() - without);
    }
}
