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
            terms.add("output " + Units.grouped(t) + " x (" + Units.grouped(m.vocab()) + " + " + Units.grouped(m.hidden())
                    + ") x 4 = " + Units.bytesText(out));
        }
        if (attention) {
            terms.add("attention " + LlamaCppCompute.attentionExpr(m, t, nKv, s.flashAttn()) + " = " + Units.bytesText(attn));
        }
        if (stage > 0) {
            terms.add("+ a host layer's weights " + Units.bytesText(stage));
            notes.add("Partial offload: layers on the host run a batch of " + LlamaCppCompute.OFFLOAD_BATCH + " tokens or more "
                    + "on the first GPU, which stages their weights in its compute buffer");
        }
        if (!output && !attention && stage == 0) {
            notes.add("No layer's attention and not the output layer: the inputs' small buffers are not estimated");
        }
        String formula = "max(output: T x (n_vocab + n_embd) x 4 B, attention: " + LlamaCppCompute.attentionFormula(s.flashAttn())
                + ")" + (stage > 0 ? " + one host layer's weights" : "");
        return new Part(Kind.COMPUTE, bytes, formula, terms.isEmpty() ? "none" : String.join("; ", terms), notes);
    }
}
