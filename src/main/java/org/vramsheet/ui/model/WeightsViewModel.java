package org.vramsheet.ui.model;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;

/** WEIGHTS section. */
public final class WeightsViewModel extends SectionViewModel {
    public final NumberInput totalParams = number("weights.totalParams", NumberInput.Kind.PARAMS, "params");
    public final NumberInput activeParams = number("weights.activeParams", NumberInput.Kind.PARAMS, "params");
    public final ObjectProperty<WeightFormat> format = watch(new SimpleObjectProperty<>(WeightFormat.BF16));
    public final ObjectProperty<ComputeDtype> computeDtype = watch(new SimpleObjectProperty<>(ComputeDtype.BF16));
    public final NumberInput groupSize = number("weights.groupSize", NumberInput.Kind.COUNT, "params");
    public final NumberInput scaleBits = number("weights.scaleBits", NumberInput.Kind.COUNT, "bits");
    public final NumberInput zeroPointBits = number("weights.zeroPointBits", NumberInput.Kind.COUNT, "bits");
    public final NumberInput unquantizedParams = number("weights.unquantizedParams", NumberInput.Kind.PARAMS, "params");
    public final NumberInput checkpointBytes = number("weights.checkpointBytes", NumberInput.Kind.BYTES, "GiB");
    public final StringProperty checkpointFormat = watch(new SimpleStringProperty(""));
    public final NumberInput encoderParams = number("weights.encoderParams", NumberInput.Kind.PARAMS, "params");
    // no unit word: "experts" showed in English in the Russian window
    public final NumberInput expertsPerToken = number("weights.expertsPerToken", NumberInput.Kind.COUNT, "");
    public final NumberInput expertIntermediateSize = number("weights.expertIntermediateSize", NumberInput.Kind.COUNT, "");
    public final NumberInput experts = number("weights.experts", NumberInput.Kind.COUNT, "");

    public void load(Weights w) {
        totalParams.load(w.totalParams());
        activeParams.load(w.activeParams());
        format.set(w.format());
        computeDtype.set(w.computeDtype());
        groupSize.load(w.groupSize());
        scaleBits.load(w.scaleBits());
        zeroPointBits.load(w.zeroPointBits());
        unquantizedParams.load(w.unquantizedParams());
        checkpointBytes.load(w.checkpointBytes());
        checkpointFormat.set(w.checkpointFormat());
        encoderParams.load(w.encoderParams());
        expertsPerToken.load(w.expertsPerToken());
        expertIntermediateSize.load(w.expertIntermediateSize());
        experts.load(w.experts());
    }

    public Weights snapshot() {
        return Weights.builder().totalParams(totalParams.longValue()).activeParams(activeParams.longValue())
                .format(format.get()).computeDtype(computeDtype.get()).groupSize(groupSize.intValue())
                .scaleBits(scaleBits.intValue()).zeroPointBits(zeroPointBits.intValue())
                .unquantizedParams(unquantizedParams.longValue()).checkpointBytes(checkpointBytes.longValue())
                .checkpointFormat(checkpointFormat.get()).encoderParams(encoderParams.longValue())
                .expertsPerToken(expertsPerToken.intValue()).expertIntermediateSize(expertIntermediateSize.intValue())
                .experts(experts.intValue()).build();
    }
}
