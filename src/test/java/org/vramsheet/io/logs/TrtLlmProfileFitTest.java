package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.engine.trtllm.TrtLlmDryRun;
import org.vramsheet.core.engine.trtllm.TrtLlmProfile;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.ui.text.Texts;

/**
 * Where TrtLlmProfile's activation constant comes from: TR11 is the one log that prints its dry run's torch activation
 * ("Memory dynamically allocated during inference (inside torch)": 0.85 GiB for gpt-oss-120b at max_num_tokens 8192, one
 * request of 8192 tokens), so perWidthToken = (0.85 GiB - 1 x vocabulary x 4 B) / (8192 x the layer width the config gives).
 * The non-torch constant is TrtLlmLeaveOneOutTest's median.
 */
class TrtLlmProfileFitTest {
    static FieldLogs.FieldLog log(String id) { return FieldLogs.of("trtllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow(); }

    /** TR11's model on a sheet (the GB10 is not in the catalog: the GPU here is only a holder of the log's printed total). */
    static Worksheet gptOss120b(Measurement m) throws Exception {
        ModelImport model;
        try (InputStream in = TrtLlmProfileFitTest.class.getResourceAsStream("/configs/openai__gpt-oss-120b.json")) {
            model = ConfigImporter.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "openai__gpt-oss-120b.json");
        }
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.TENSORRT_LLM).engineVersion("1.1.0rc3").maxNumBatchedTokens(8192L)
                .build();
        return model.applyTo(new Worksheet(null, null, null, null, r, new Gpu("GB10", 1, m.totalBytes()), null,
                new ResultSettings(0L, null, null, null), null, null));
    }

    @Test
    void theActivationConstantIsTr11sPrintedActivationOverItsLayerWidth() throws Exception {
        Measurement m = EngineLogParser.parse(log("TR11").text());
        assertNotNull(m.activationPeakBytes(), "TR11 prints its dry run's activation");
        Worksheet ws = gptOss120b(m);
        Double width = TrtLlmProfile.width(ws);
        assertNotNull(width, "gpt-oss-120b's config gives the layer width");
        // max_seq_len 131072 (inferred): one dummy request of 8192 tokens, its last token's fp32 logits
        long requests = TrtLlmDryRun.requests(8192, 131072);
        assertEquals(1, requests);
        long logits = requests * ws.model().vocabSize() * 4;
        double derived = (m.activationPeakBytes() - logits) / (8192 * width);
        // the printed 0.85 GiB is rounded to 0.01 GiB: the constant is known to +-0.6 %
        double tolerance = 0.005 * Units.GIB / (8192 * width);
        System.out.printf(Locale.ROOT, "TR11: width %.1f, logits %d B, perWidthToken %.4f (+- %.4f), shipped %.4f%n", width, logits,
                derived, tolerance, TrtLlmProfile.FITTED.perWidthToken());
        assertEquals(derived, TrtLlmProfile.FITTED.perWidthToken(), tolerance);
    }

    /** Every note the PyTorch backend's estimate and the engine flow's can show has Russian: by shapes, without, bench, TP. */
    @Test
    void everyNoteHasRussian() throws Exception {
        Texts ru = Texts.of("ru");
        Worksheet tr08 = TrtLlmLeaveOneOutTest.sheet(log("TR08"));
        Worksheet bare = new Worksheet(null, null, null, null, RuntimeSettings.builder().engine(Engine.TENSORRT_LLM).build(),
                new Gpu("H100", 1, Units.gib(79.19)), null, null, null, null);
        List<Worksheet> sheets = List.of(tr08, TrtLlmLeaveOneOutTest.sheet(log("TR10")), bare,
                tr08.withRuntime(tr08.runtime().toBuilder().tensorParallel(2).build()),
                TrtLlmLeaveOneOutTest.sheet(log("TR09")));
        for (Worksheet ws : sheets) {
            for (String note : NonKvEstimator.estimate(ws).notes()) {
                assertEquals(List.of(), ru.untranslated(note), note);
            }
        }
    }
}
