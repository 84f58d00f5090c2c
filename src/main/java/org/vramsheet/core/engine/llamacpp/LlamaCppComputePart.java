package org.vramsheet.core.engine.llamacpp;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.spi.DeviceMemory.Kind;
import org.vramsheet.core.engine.spi.DeviceMemory.Part;
import org.vramsheet.core.units.Units;

/** One device's compute buffer as a part of its memory: the largest of its moments ({@link LlamaCppCompute}), explained. */
final class LlamaCppComputePart {
    private LlamaCppComputePart() { }

    /**
     * @param output    whether the device holds the output layer
     * @param nKv       the most cells of a cache whose attention runs here (0: none)
     * @param attention whether attention runs here
     * @param staged    the host layer's weights the first GPU stages with partial offload (0: none)
     */
    static Part of(boolean output, long nKv, boolean attention, long staged, LlamaCppDevices.Setup s) {
        LlamaCppCompute.Model m = s.model();
        long t = s.ubatch();
        long out = output ? LlamaCppCompute.output(m, t) : 0;
        long attn = attention ? LlamaCppCompute.attention(m, t, nKv, s.flashAttn()) : 0;
        long stage = t >= LlamaCppCompute.OFFLOAD_BATCH ? staged : 0;
        long bytes = Math.addExact(Math.max(out, attn), stage);
        List<String> notes = new ArrayList<>();
        notes.add("Estimated: the largest moment of the graph reserved for T = min(n_ctx, n_ubatch) = " + Units.grouped(t)
                + " tokens with every token's logits (calibrated on the field logs LC09 to LC12; docs/accuracy.md)");
        List<String> terms = new ArrayList<>();
        if (output) {
            terms.add(Units.grouped(t) + " x (" + Units.grouped(m.vocab()) + " + " + Units.grouped(m.hidden()) + ") x 4");
        }
        if (attention) {
            terms.add(LlamaCppCompute.attentionExpr(m, t, nKv, s.flashAttn()));
        }
        String expr = terms.isEmpty() ? "0" : terms.size() == 1 ? terms.get(0) : "max(" + String.join(", ", terms) + ")";
        if (stage > 0) {
            expr += " + " + Units.grouped(stage);
            notes.add("Partial offload: layers on the host run a batch of " + LlamaCppCompute.OFFLOAD_BATCH + " tokens or more "
                    + "on the first GPU, which stages their weights in its compute buffer");
        }
        if (!output && !attention && stage == 0) {
            notes.add("No attention and no output layer here: the small buffers of the inputs are not estimated");
        }
        String formula = "max(output: T x (n_vocab + n_embd) x 4 B, attention: " + LlamaCppCompute.attentionFormula(s.flashAttn())
                + ")" + (stage > 0 ? " + one host layer's weights" : "");
        return new Part(Kind.COMPUTE, bytes, formula, expr + " B = " + Units.bytesText(bytes), notes);
    }
}
