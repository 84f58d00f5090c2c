package org.vramsheet.core.input;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SpeculativeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * RUNTIME › Speculative decoding: ranges, a method the engine runs (and the sheet sizes for it), the draft's weights and
 * KV geometry present for a method with a draft, and the draft on the target's tensor parallel group.
 */
final class SpeculativeValidator {
    private static final String P = "runtime.speculative.";

    private SpeculativeValidator() { }

    static void validate(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        SpeculativeSettings s = r.speculative();
        boolean ok = out.inDeclaredRange(P + "tokens", s.tokens()) & out.inDeclaredRange(P + "draftWeightsBytes", s.draftWeightsBytes())
                & out.inDeclaredRange(P + "draftLayers", s.draftLayers()) & out.inDeclaredRange(P + "draftKvHeads", s.draftKvHeads())
                & out.inDeclaredRange(P + "draftHeadDim", s.draftHeadDim())
                & out.inDeclaredRange(P + "draftTensorParallel", s.draftTensorParallel());
        if (!s.on() || !ok) {
            return;
        }
        SpeculativeRule rule = Engines.of(r.engine()).speculativeRule();
        if (rule == null || !rule.methods().contains(s.method())) {
            out.add(P + "method", rule == null ? "inconsistent: speculative decoding is sized for vLLM, SGLang and llama.cpp, not "
                    + "for this engine" : "inconsistent: llama.cpp runs a draft model (-md); this method is not sized for it");
            return;
        }
        if (!s.method().hasDraft()) {
            return;
        }
        if (s.draftWeightsBytes() == null) {
            out.add(P + "draftWeightsBytes", "needed: the draft's weights (import TARGET --draft DRAFT)");
        }
        if (s.draftLayers() == null) {
            out.add(P + "draftLayers", "needed: the draft's attention layers");
        } else if (s.draftLayers() > 0 && (s.draftKvHeads() == null || s.draftHeadDim() == null)) {
            out.add(s.draftKvHeads() == null ? P + "draftKvHeads" : P + "draftHeadDim",
                    "needed: the draft's KV heads and head dimension size its KV cache");
        }
        if (r.pipelineParallel() > 1) {
            out.add(P + "method", "inconsistent: a draft is not sized with pipeline parallelism (vLLM runs the drafter on the last "
                    + "stage only)");
        }
        geometry(ws, rule, s, out);
        Integer dtp = s.draftTensorParallel();
        if (dtp != null && dtp != r.tensorParallel()) {
            out.add(P + "draftTensorParallel", "inconsistent: the sheet sizes a draft on the target's tensor parallel group ("
                    + r.tensorParallel() + "), not " + dtp);
        }
    }

    /** An engine that keeps the draft in one KV-cache group with the target (vLLM) sizes a draft of the target's geometry. */
    private static void geometry(Worksheet ws, SpeculativeRule rule, SpeculativeSettings s, Issues out) {
        if (!rule.kvInPool() || rule.byLayers() || s.draftLayers() == null || s.draftLayers() == 0
                || s.draftKvHeads() == null || s.draftHeadDim() == null || out.blocking("kv.*") != null) {
            return;
        }
        try {
            KvGeometry g = new KvGeometry(ws);
            if (!g.mla && (s.draftKvHeads() != g.kvHeads || s.draftHeadDim() != g.headDim)) {
                out.add(P + "draftKvHeads", "inconsistent: the draft's " + s.draftKvHeads() + " KV heads x " + s.draftHeadDim()
                        + " differ from the target's " + g.kvHeads + " x " + g.headDim + "; vLLM keeps the draft's layers in the target's "
                        + "KV-cache group, sized here only for equal pages");
            }
        } catch (ArithmeticException | IllegalArgumentException e) {
            // the KV ARCHITECTURE's own issues name it
        }
    }

}
