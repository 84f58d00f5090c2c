package org.vramsheet.ui.model;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;

/** VALIDATION section: what the engine reported. */
public final class ValidationViewModel extends SectionViewModel {
    public final NumberInput measuredNonKv = number("validation.measuredNonKvBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput allocatedKv = number("validation.allocatedKvBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput kvCapacityTokens = number("validation.kvCapacityTokens", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput measuredPeak = number("validation.measuredPeakBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput preemptionSequences = number("validation.preemptionSequences", NumberInput.Kind.COUNT, "sequences");
    public final StringProperty notes = watch(new SimpleStringProperty(""));
    public final NumberInput predictedNonKv = number("validation.predictedNonKvBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput predictedKvPool = number("validation.predictedKvPoolBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput predictedKvCapacity = number("validation.predictedKvCapacityTokens", NumberInput.Kind.TOKENS,
            "tokens");
    public final NumberInput measuredOnGpus = number("validation.measuredOnGpus", NumberInput.Kind.COUNT, "GPUs");
    public final NumberInput measuredActivationPeak = number("validation.measuredActivationPeakBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput measuredNonTorch = number("validation.measuredNonTorchBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput measuredCudaGraphs = number("validation.measuredCudaGraphBytes", NumberInput.Kind.BYTES, "GiB");
    /** The setup the measurements were measured on (not an edit of its own: it follows applying a log or typing one). */
    public final ObjectProperty<MeasuredSetup> setup = new SimpleObjectProperty<>();

    public void load(Validation v) {
        measuredNonKv.load(v.measuredNonKvBytes());
        allocatedKv.load(v.allocatedKvBytes());
        kvCapacityTokens.load(v.kvCapacityTokens());
        measuredPeak.load(v.measuredPeakBytes());
        preemptionSequences.load(v.preemptionSequences());
        notes.set(v.notes());
        predictedNonKv.load(v.predictedNonKvBytes());
        predictedKvPool.load(v.predictedKvPoolBytes());
        predictedKvCapacity.load(v.predictedKvCapacityTokens());
        measuredOnGpus.load(v.measuredOnGpus() == null ? null : v.measuredOnGpus().longValue());
        measuredActivationPeak.load(v.measuredActivationPeakBytes());
        measuredNonTorch.load(v.measuredNonTorchBytes());
        measuredCudaGraphs.load(v.measuredCudaGraphBytes());
        setup.set(v.setup());
    }

    public Validation snapshot() {
        return Validation.builder().measuredNonKvBytes(measuredNonKv.longValue()).allocatedKvBytes(allocatedKv.longValue())
                .kvCapacityTokens(kvCapacityTokens.longValue()).measuredPeakBytes(measuredPeak.longValue())
                .preemptionSequences(preemptionSequences.longValue()).notes(notes.get())
                .predictedNonKvBytes(predictedNonKv.longValue()).predictedKvPoolBytes(predictedKvPool.longValue())
                .predictedKvCapacityTokens(predictedKvCapacity.longValue()).measuredOnGpus(measuredOnGpus.intValue())
                .measuredActivationPeakBytes(measuredActivationPeak.longValue())
                .measuredNonTorchBytes(measuredNonTorch.longValue()).measuredCudaGraphBytes(measuredCudaGraphs.longValue())
                .setup(setup.get()).build();
    }
}
