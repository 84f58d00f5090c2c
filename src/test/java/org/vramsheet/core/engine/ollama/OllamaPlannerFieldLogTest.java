package org.vramsheet.core.engine.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.engine.ollama.OllamaPlanLogModels.GIB;
import static org.vramsheet.core.engine.ollama.OllamaPlanLogModels.MIB;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.logs.FieldLogs;

/**
 * Ollama's planner, ported, against the planner lines of the real Ollama logs whose model is known: every figure the
 * line prints, to the precision it prints (the same HumanBytes2 text). The free memory is the log's own (printed to
 * 0.1 GiB); the context, parallel and cache type the runner's command line; the release the planner's wording and date.
 * OL05, OL08 to OL11 have no planner line. OL02 (DeepSeek V3 671B, the tensor table unknown and not uniform: 3 dense
 * and 58 MoE blocks) is checked on the KV and the graphs, which do not depend on the weights.
 */
class OllamaPlannerFieldLogTest {
    private static final String[] FIGURES = {"layersModel", "layersOffload", "layersSplit", "allocationBytes",
        "requiredFullBytes", "requiredPartialBytes", "requiredKvBytes", "weightsTotalBytes", "weightsRepeatingBytes",
        "weightsNonrepeatingBytes", "graphFullBytes", "graphPartialBytes", "projectorWeightsBytes", "projectorGraphBytes"};

    static JsonNode printed(String id) {
        return FieldLogs.of("ollama").filter(l -> l.id().equals(id)).findFirst().orElseThrow().e().path("expected")
                .path("ollama").path("plan");
    }

    static long gib(double v) { return Math.round(v * GIB); }

    /** A printed "30.2 GiB" as bytes. */
    static final class OllamaGib {
        static long parse(String t) {
            String[] p = t.split(" ");
            return Math.round(Double.parseDouble(p[0]) * (p[1].equals("GiB") ? GIB : MIB));
        }
    }

    static long mib(double v) { return Math.round(v * MIB); }

    /** Our figures as the log line prints them, by the field log's key. */
    static Map<String, String> asPrinted(OllamaPlan p) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("layersModel", String.valueOf(p.layersModel()));
        m.put("layersOffload", String.valueOf(p.layersOffload()));
        m.put("layersSplit", p.split().isEmpty() ? "" : String.join(",", p.split().stream().map(String::valueOf).toList()));
        m.put("allocationBytes", String.join(" ", p.allocations().stream().map(OllamaBytes::human).toList()));
        m.put("requiredFullBytes", OllamaBytes.human(p.requiredFull()));
        m.put("requiredPartialBytes", OllamaBytes.human(p.requiredPartial()));
        m.put("requiredKvBytes", OllamaBytes.human(p.kv()));
        m.put("weightsTotalBytes", OllamaBytes.human(p.weightsTotal()));
        m.put("weightsRepeatingBytes", OllamaBytes.human(p.weightsRepeating()));
        m.put("weightsNonrepeatingBytes", OllamaBytes.human(p.weightsNonrepeating()));
        m.put("graphFullBytes", OllamaBytes.human(p.graphFull()));
        m.put("graphPartialBytes", OllamaBytes.human(p.graphPartial()));
        m.put("projectorWeightsBytes", p.projectorWeights() > 0 ? OllamaBytes.human(p.projectorWeights()) : "");
        m.put("projectorGraphBytes", p.projectorWeights() > 0 ? OllamaBytes.human(p.projectorGraph()) : "");
        return m;
    }

    /** The log's figures, in the same form. */
    static Map<String, String> logged(JsonNode plan) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String f : FIGURES) {
            JsonNode v = plan.path(f);
            if (v.isArray()) {
                List<String> xs = new ArrayList<>();
                v.forEach(x -> xs.add(x.asText()));
                m.put(f, String.join(" ", xs));
            } else {
                m.put(f, v.isMissingNode() || v.isNull() ? "" : v.asText());
            }
        }
        return m;
    }

    static OllamaPlan plan(OllamaPlanModel m, OllamaPlanSetup s) {
        OllamaPlanned p = OllamaPlanner.plan(m, s);
        assertTrue(p.ok(), p.problem());
        return p.plan();
    }

    static void assertAsPrinted(String id, OllamaPlan p) {
        assertEquals(logged(printed(id)), asPrinted(p), id + ": " + p.why());
    }

    /** OL01, 0.5.x ("offload to cuda"): Llama 3.2 3B Q4_K_M, 8192 cells for 4 sequences; weights include the KV. */
    @Test
    void ol01Llama32On80GiB() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.5.4"), List.of(gib(78.6)), 8192, 4);
        assertAsPrinted("OL01", plan(OllamaPlanLogModels.llama32_3b(), s));
    }

    /** OL03, 0.5.12 to 0.6.0 (msg=offload, 2025-02-18): a Llama 3 70B Q8_0, 64,000 cells on four 22 GiB GPUs. */
    @Test
    void ol03Llama70bOnFourGpus() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.5.12"), List.of(gib(22.0), gib(22.0), gib(22.0), gib(22.0)),
                64_000, 1).withCache(true, "");
        assertAsPrinted("OL03", plan(OllamaPlanLogModels.llama70bQ8(), s));
    }

    /** OL04, 0.11.x (2025-08-22): gemma3 12B on 11.1 GiB, 8192 cells; the vision tower goes with the output layer. */
    @Test
    void ol04Gemma3OnElevenGiB() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.11.4"), List.of(gib(11.1)), 8192, 1);
        assertAsPrinted("OL04", plan(OllamaPlanLogModels.gemma3_12b(mib(795.9)), s));
    }

    /** OL12, library=cpu (2025-06-05): gemma3 12B, 8192 cells for 2 sequences; nothing offloaded, partial "0 B". */
    @Test
    void ol12Gemma3OnTheCpu() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.9.0"), List.of(gib(29.5)), 8192, 2).withLibrary("cpu");
        assertAsPrinted("OL12", plan(OllamaPlanLogModels.gemma3_12b(mib(795.9)), s));
    }

    /** OL13 (2025-07-03): Llama 3.1 8B Q4_K_M, 8192 cells for 2 sequences, on 13.7 GiB. */
    @Test
    void ol13Llama31On14GiB() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.9.5"), List.of(gib(13.7)), 8192, 2);
        assertAsPrinted("OL13", plan(OllamaPlanLogModels.llama31_8b(), s));
    }

    /**
     * OL06 (0.7.0): Mistral Small on two GPUs, 131,072 q8_0 cells, num_gpu 999; the projector and its 8.8 GiB graph on
     * GPU 0. The blocks are the log's printed 14.5 GiB split evenly (an input to 0.05 GiB), and 0.7.0's buffer block is
     * the largest tensor group, token_embd's size unknown here: the placement, KV, weights, graphs and projector are
     * checked as printed; the allocations and totals, which move with both, within 0.25 GiB (ours are 0.1 to 0.2 GiB low
     * with output's 440 MiB as the largest group; a 525 MiB token_embd, Q6_K, would close it).
     */
    @Test
    void ol06MistralSmallOn070() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.7.0"), List.of(gib(30.7), gib(9.8)), 131_072, 1)
                .withCache(true, "q8_0").withNumGpu(999);
        assertPlacementAsPrinted("OL06", plan(mistral(), s), gib(0.25));
    }

    /**
     * OL07 (a release after 0.7.0, the same user and model): the projector moves to the output layer, 40 of 41 placed.
     * The totals within 0.1 GiB: the printed precision and the blocks' own rounding (ours: partial 40.0 GiB, printed 39.9).
     */
    @Test
    void ol07MistralSmallAfter070() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.7.1"), List.of(gib(30.7), gib(9.7)), 131_072, 1)
                .withCache(true, "q8_0").withNumGpu(999);
        assertPlacementAsPrinted("OL07", plan(mistral(), s), gib(0.1));
    }

    /** Every figure but the byte totals as printed; those (allocations, required full and partial) within {@code tol}. */
    static void assertPlacementAsPrinted(String id, OllamaPlan p, long tol) {
        Map<String, String> ours = asPrinted(p);
        Map<String, String> log = logged(printed(id));
        List<String> totals = List.of("allocationBytes", "requiredFullBytes", "requiredPartialBytes");
        for (String f : FIGURES) {
            if (!totals.contains(f)) {
                assertEquals(log.get(f), ours.get(f), id + " " + f);
            }
        }
        JsonNode plan = printed(id);
        for (int i = 0; i < p.allocations().size(); i++) {
            assertEquals(OllamaGib.parse(plan.path("allocationBytes").get(i).asText()), p.allocations().get(i), tol, id + " GPU " + i);
        }
        assertEquals(OllamaGib.parse(plan.path("requiredPartialBytes").asText()), p.requiredPartial(), tol, id + " partial");
        assertEquals(OllamaGib.parse(plan.path("requiredFullBytes").asText()), p.requiredFull(), tol, id + " full");
    }

    private static OllamaPlanModel mistral() {
        return OllamaPlanLogModels.mistralSmall(gib(14.5), mib(440.0), mib(769.3));
    }

    /** OL02 (0.5.x): DeepSeek V3 at Ollama's default 2048 cells (parallel 1: the model does not fit with 4). */
    @Test
    void ol02DeepSeekKvAndGraphs() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.5.7"), List.of(gib(23.3)), 2048, 1);
        OllamaPlan p = plan(OllamaPlanLogModels.deepseekV3(gib(384.3) / 61), s);
        Map<String, String> ours = asPrinted(p);
        Map<String, String> log = logged(printed("OL02"));
        for (String f : List.of("layersModel", "requiredKvBytes", "graphFullBytes", "graphPartialBytes")) {
            assertEquals(log.get(f), ours.get(f), "OL02 " + f);
        }
    }
}
