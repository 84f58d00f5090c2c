package org.vramsheet.ui.model;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.MeasuredDevice;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

/**
 * VALIDATION section: what the engine reported. Its sizes show in the sheet's one unit style ("17.18 GiB", as the log
 * dialog, the PDF and the results print them), not each in its shortest exact unit; a size shown so keeps its exact
 * bytes until its text is changed.
 */
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
    /**
     * The buffers per device and the layers offloaded that an applied llama.cpp / Ollama log printed, kept whole like
     * the setup (they follow applying a log; a sheet that is loaded and saved keeps them).
     */
    public final ObjectProperty<List<MeasuredDevice>> devices = new SimpleObjectProperty<>(List.of());
    public final ObjectProperty<Integer> offloadedLayers = new SimpleObjectProperty<>();
    /**
     * The probe's latency measurement (issue 29), kept whole: recorded by "Measure a running server...", shown in the
     * Latency tab; a change of it is an edit (Record, Calibrate's undo).
     */
    public final ObjectProperty<MeasuredLatency> latency = watch(new SimpleObjectProperty<>());
    /** Each size shown in GiB: the text shown and the exact bytes it stands for. */
    private final Map<NumberInput, Shown> shown = new HashMap<>();

    private record Shown(String text, long bytes) { }

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
        List<Long> exact = Arrays.asList(v.measuredNonKvBytes(), v.allocatedKvBytes(), v.measuredPeakBytes(), v.predictedNonKvBytes(),
                v.predictedKvPoolBytes(), v.measuredActivationPeakBytes(), v.measuredNonTorchBytes(), v.measuredCudaGraphBytes());
        for (int i = 0; i < exact.size(); i++) {
            style(sizes().get(i), exact.get(i));
        }
        setup.set(v.setup());
        devices.set(v.devices());
        offloadedLayers.set(v.offloadedLayers());
        latency.set(v.latency());
    }

    /** The sizes of the section, each shown as {@link Units#gibText}. */
    private List<NumberInput> sizes() {
        return List.of(measuredNonKv, allocatedKv, measuredPeak, predictedNonKv, predictedKvPool, measuredActivationPeak,
                measuredNonTorch, measuredCudaGraphs);
    }

    /** Shows the exact bytes loaded into a size field in GiB, remembering them. */
    private void style(NumberInput n, Long bytes) {
        shown.remove(n);
        if (bytes == null) {
            return;
        }
        String s = Units.gibText(bytes);
        n.textProperty().set(n.decimalComma() ? Texts.commaStyle(s) : s);
        shown.put(n, new Shown(n.textProperty().get(), bytes));
    }

    /** The exact bytes loaded while the field shows them, else what its text says. */
    private Long bytes(NumberInput n) {
        Long typed = n.longValue(); // read every time: a binding left invalid would not report the next edit
        Shown s = shown.get(n);
        return s != null && s.text().equals(n.textProperty().get()) ? Long.valueOf(s.bytes()) : typed;
    }

    /** Switches the section's fields to a language's number style, keeping the exact bytes of the sizes shown in GiB. */
    @Override
    public void setDecimalComma(boolean on) {
        for (NumberInput n : numbers()) {
            Long exact = sizes().contains(n) && shown.containsKey(n) ? bytes(n) : null;
            n.setDecimalComma(on);
            if (exact != null) {
                style(n, exact);
            }
        }
    }

    public Validation snapshot() {
        return Validation.builder().measuredNonKvBytes(bytes(measuredNonKv)).allocatedKvBytes(bytes(allocatedKv))
                .kvCapacityTokens(kvCapacityTokens.longValue()).measuredPeakBytes(bytes(measuredPeak))
                .preemptionSequences(preemptionSequences.longValue()).notes(notes.get())
                .predictedNonKvBytes(bytes(predictedNonKv)).predictedKvPoolBytes(bytes(predictedKvPool))
                .predictedKvCapacityTokens(predictedKvCapacity.longValue()).measuredOnGpus(measuredOnGpus.intValue())
                .measuredActivationPeakBytes(bytes(measuredActivationPeak))
                .measuredNonTorchBytes(bytes(measuredNonTorch)).measuredCudaGraphBytes(bytes(measuredCudaGraphs))
                .setup(setup.get()).devices(devices.get()).offloadedLayers(offloadedLayers.get())
                .latency(latency.get()).build();
    }
}
