package org.vramsheet.core.calc;

import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.units.Units;

/** An engine's measured non-KV memory (VALIDATION) carried to the sheet's layout of GPUs. */
final class MeasuredNonKv {
    private MeasuredNonKv() { }

    /**
     * Measured non-KV memory per GPU on this sheet's layout. The measurement holds the weights' share on the GPUs it
     * ran on; on another TP x PP the weights are split again and the rest (activations, non-torch, CUDA graphs, each
     * whole on every GPU) is kept per GPU.
     */
    static long perGpu(Calc c, long measured) {
        if (resplit(c) == null) {
            return measured;
        }
        int on = c.ws.validation().measuredOnGpus();
        long weights = c.get(FigureKey.WEIGHTS_BYTES).value();
        long rest = Math.max(0, measured - KvGeometry.ceilDiv(weights, on));
        return Math.addExact(KvGeometry.ceilDiv(weights, c.ws.runtime().ranks()), rest);
    }

    /**
     * A measured footprint holds the weights, so it is never below them (a physical invariant, issue 25): below the
     * weights' share it cannot be of this model or weight format.
     */
    static final double WEIGHTS_SLACK = 1.0;

    /**
     * Why the measured non-KV memory cannot be of this sheet's setup, or null: it holds the weights' share on every GPU
     * it ran on, so a measurement well below that share (a log of a smaller model, another weight format) is refused, not
     * used. Seen (issue 25): 21.11 GiB measured on gemma-2-9b kept after importing Llama-3.1-70B said "fits" on one H100.
     */
    static String implausible(Calc c, long measured) {
        Figure w = c.get(FigureKey.WEIGHTS_BYTES);
        if (w == null || !w.available()) {
            return null;
        }
        Integer onGpus = c.ws.validation().measuredOnGpus();
        int on = onGpus != null && onGpus >= 1 ? onGpus : c.ws.runtime().ranks();
        long share = KvGeometry.ceilDiv(w.value(), on);
        if (measured >= share * WEIGHTS_SLACK) {
            return null;
        }
        return "VALIDATION › Measured non-KV footprint (" + Units.gibText(measured) + " per GPU) is below the weights on each "
                + "GPU it ran on (" + Units.gibText(share) + " on " + on + " GPU" + (on == 1 ? "" : "s")
                + "): it was measured on another model or weight format; clear it or apply this setup's engine log";
    }

    /** Why the measured non-KV memory is split again (measured on another number of GPUs), or null when it is not. */
    static String resplit(Calc c) {
        Integer on = c.ws.validation().measuredOnGpus();
        Figure w = c.get(FigureKey.WEIGHTS_BYTES);
        int ranks = c.ws.runtime().ranks();
        if (on == null || on < 1 || on == ranks || w == null || !w.available()) {
            return null;
        }
        return "Measured on " + on + " GPU" + (on == 1 ? "" : "s") + " per replica, the sheet has " + ranks
                + ": the weights' share is split again, the rest kept per GPU";
    }

    /**
     * The note on an estimated non-KV figure: when VALIDATION holds a measurement of another setup, that it is not used
     * and why; else {@code otherwise}.
     */
    static String estimateNote(Calc c, String otherwise) {
        Long stored = c.stored.validation().measuredNonKvBytes();
        if (stored == null || c.stale.nonKv().isEmpty()) {
            return otherwise;
        }
        return "Estimated: the measured " + Units.gibText(stored) + " in VALIDATION was " + StaleMeasurements.sentence(
                c.stale.nonKv()) + ", so it is not used";
    }
}
