package org.vramsheet.ui.text;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.ollama.OllamaPlanModel;
import org.vramsheet.core.engine.ollama.OllamaPlanSetup;
import org.vramsheet.core.engine.ollama.OllamaPlanned;
import org.vramsheet.core.engine.ollama.OllamaPlanner;
import org.vramsheet.core.engine.ollama.OllamaRelease;
import org.vramsheet.core.engine.ollama.OllamaVision;

/**
 * Every text Ollama's planner port can give (how each figure came about, and each refusal) has a Russian template.
 * SYNTHETIC models and setups reaching each rule; untranslated templates in target/untranslated-ollama-plan-ru.txt.
 */
class OllamaPlanRussianTest {
    private static final long GIB = 1L << 30;

    static List<String> texts() {
        OllamaPlanModel llama = OllamaPlanModel.builder("llama").embedding(4096).heads(32).headsKv(8).vocab(128_256)
                .layers(32, 120L << 20).outputNorm(16_384).output(400L << 20).build();
        OllamaPlanModel mistral = llama.toBuilder().vision(OllamaVision.of(800L << 20, 1540, 14, 16, 1024)).build();
        OllamaPlanModel mistral3 = OllamaPlanModel.builder("mistral3").embedding(5120).heads(32).headsKv(8).keyLength(128)
                .valueLength(128).vocab(131_072).layers(40, 370L << 20).output(440L << 20)
                .vision(OllamaVision.of(769L << 20, 1540, 14, 16, 1024)).build();
        List<OllamaPlanned> runs = new ArrayList<>();
        for (String r : List.of("0.5.7", "0.6.0", "0.7.0", "0.7.1", "0.11.4")) {
            OllamaRelease rel = OllamaRelease.parse(r);
            OllamaPlanSetup one = OllamaPlanSetup.cuda(rel, List.of(8 * GIB), 1024, 1);
            runs.add(OllamaPlanner.plan(llama, one));
            runs.add(OllamaPlanner.plan(llama, one.withCache(false, "q8_0")));
            runs.add(OllamaPlanner.plan(llama, one.withCache(true, "q5_1")));
            runs.add(OllamaPlanner.plan(llama, one.withLibrary("cpu")));
            runs.add(OllamaPlanner.plan(mistral, one));
            runs.add(OllamaPlanner.plan(mistral3, OllamaPlanSetup.cuda(rel, List.of(GIB / 2, 30 * GIB, 10 * GIB), 131_072, 1)));
        }
        OllamaRelease r = OllamaRelease.parse("0.9.0");
        runs.add(OllamaPlanner.plan(llama, OllamaPlanSetup.cuda(OllamaRelease.parse("0.4.0"), List.of(GIB), 2048, 1)));
        runs.add(OllamaPlanner.plan(llama, OllamaPlanSetup.cuda(OllamaRelease.parse("0.13.0"), List.of(GIB), 2048, 1)));
        runs.add(OllamaPlanner.plan(llama, OllamaPlanSetup.cuda(r, List.of(), 2048, 1)));
        runs.add(OllamaPlanner.plan(llama, OllamaPlanSetup.cuda(r, List.of(-1L), 2048, 1)));
        runs.add(OllamaPlanner.plan(llama, OllamaPlanSetup.cuda(r, List.of(GIB), 0, 1)));
        runs.add(OllamaPlanner.plan(llama.toBuilder().clearLayers().layers(2, -1).build(), OllamaPlanSetup.cuda(r, List.of(GIB), 1, 1)));
        runs.add(OllamaPlanner.plan(llama.toBuilder().vocab(0).build(), OllamaPlanSetup.cuda(r, List.of(GIB), 1, 1)));
        runs.add(OllamaPlanner.plan(null, null));
        runs.addAll(badFields(llama, mistral, OllamaPlanSetup.cuda(r, List.of(GIB), 2048, 1)));
        List<String> out = new ArrayList<>();
        for (OllamaPlanned p : runs) {
            if (p.ok()) {
                out.addAll(p.plan().why());
            } else {
                out.add(p.problem());
            }
        }
        return out;
    }

    /** One refusal per field the planner checks. */
    static List<OllamaPlanned> badFields(OllamaPlanModel m, OllamaPlanModel v, OllamaPlanSetup s) {
        List<OllamaPlanModel> models = List.of(m.toBuilder().embedding(0).build(), m.toBuilder().heads(0).build(),
                m.toBuilder().headsKv(-1).build(), m.toBuilder().headsKv(8, 9).build(), m.toBuilder().keyLength(1 << 20).build(),
                m.toBuilder().valueLength(-2).build(), m.toBuilder().slidingWindow(-1).build(), m.toBuilder().outputNorm(-1).build(),
                m.toBuilder().output(-1).build(), m.toBuilder().tokenEmbd(-1).build(), m.toBuilder().projectorFile(-1).build(),
                v.toBuilder().vision(new OllamaVision(-1, 0, 896, 14, 3, 16, 1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, -896, 14, 3, 16, 1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, 896, -14, 3, 16, 1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, 896, 14, -3, 16, 1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, 896, 14, 3, -16, 1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, 896, 14, 3, 16, -1152, false, -1)).build(),
                v.toBuilder().vision(new OllamaVision(1, 0, 896, 14, 3, 16, 1152, false, -2)).build(),
                m.toBuilder().clearLayers().layers(5000, 1).build());
        List<OllamaPlanned> out = new ArrayList<>();
        for (OllamaPlanModel x : models) {
            out.add(OllamaPlanner.plan(x, s));
        }
        OllamaRelease r = s.release();
        out.add(OllamaPlanner.plan(m, s.withOverhead(-1)));
        out.add(OllamaPlanner.plan(m, new OllamaPlanSetup(r, "cuda", List.of(GIB), 0, 2048, 0, 1, -1, false, "")));
        out.add(OllamaPlanner.plan(m, new OllamaPlanSetup(r, "cuda", List.of(GIB), 0, 2048, 512, 0, -1, false, "")));
        out.add(OllamaPlanner.plan(m, s.withNumGpu(-2)));
        return out;
    }

    @Test
    void everyPlannerTextHasRussian() throws Exception {
        Texts ru = Texts.of("ru");
        Set<String> missing = new TreeSet<>();
        for (String s : texts()) {
            missing.addAll(ru.untranslated(s));
        }
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/untranslated-ollama-plan-ru.txt"), missing);
        assertTrue(texts().size() > 40, "texts: " + texts().size());
        assertTrue(missing.isEmpty(), missing.size() + " planner texts have no Russian: " + missing);
    }
}
