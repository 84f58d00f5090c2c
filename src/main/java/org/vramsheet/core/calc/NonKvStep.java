package org.vramsheet.core.calc;

import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME's activation peak, non-torch memory and CUDA graphs per GPU as the calculation uses them: typed in,
 * measured by an applied engine log, or estimated from the sheet on this very calculation; each figure says which.
 */
final class NonKvStep {
    private NonKvStep() { }

    static void run(Calc c) {
        NonKvEstimator.Resolved r = NonKvEstimator.resolve(c.ws);
        put(c, FigureKey.POOL_ACTIVATION_PEAK_BYTES, "Activation peak per GPU", "ActivationPeakBytes", r.activationPeak());
        put(c, FigureKey.POOL_NON_TORCH_BYTES, "Non-torch memory per GPU", "NonTorchBytes", r.nonTorch());
        put(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES, "CUDA graphs per GPU", "CudaGraphBytes", r.cudaGraphs());
    }

    private static void put(Calc c, FigureKey key, String label, String name, NonKvEstimator.Part p) {
        String[] fields = switch (p.source()) {
            case TYPED -> Calc.f("runtime." + Character.toLowerCase(name.charAt(0)) + name.substring(1));
            case MEASURED -> Calc.f("validation.measured" + name);
            case ESTIMATED -> Calc.f();
        };
        c.compute(key, label, Unit.BYTES, fields, Calc.n(), () -> p.overflow() ? overflow() : Figure.of(key, label,
                Unit.BYTES, p.bytes(), Provenance.of(p.source().label(), Units.bytesText(p.bytes()), p.why().toArray(String[]::new))));
    }

    /** An estimate too large to compute exactly: {@link Calc#compute} makes the figure unavailable. */
    private static Figure overflow() { throw new ArithmeticException("non-KV estimate overflow"); }

    /** The part's bytes, 0 when the figure is unavailable (its field is invalid: the pool is blocked then). */
    static long bytes(Calc c, FigureKey key) {
        Figure f = c.get(key);
        return f != null && f.available() ? f.value() : 0;
    }
}
