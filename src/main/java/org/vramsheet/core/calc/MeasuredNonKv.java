package org.vramsheet.core.calc;

import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;

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
}
