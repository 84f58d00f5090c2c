package org.vramsheet.ui.dialogs;

import java.time.LocalDate;
import org.vramsheet.core.calc.StaleMeasurements;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.probe.NvidiaSmi;
import org.vramsheet.ui.model.SheetViewModel;

/** "Paste engine log...": the pasted text, what was read, the comparison with the sheet, and Apply. */
public final class LogViewModel {
    public final StringProperty text = new SimpleStringProperty("");
    public final StringProperty summary = new SimpleStringProperty("Paste a vLLM, SGLang, TensorRT-LLM, llama.cpp or Ollama startup log.");
    public final ObjectProperty<Measurement> measurement = new SimpleObjectProperty<>();
    /** A pasted nvidia-smi memory.used,memory.total reading or series: its peak, for VALIDATION's measured peak. */
    public final ObjectProperty<NvidiaSmi.Peak> smiPeak = new SimpleObjectProperty<>();
    public final ObjectProperty<LogComparison.Result> comparison = new SimpleObjectProperty<>();
    private final SheetViewModel sheet;
    private final DialogService dialogs;

    public LogViewModel(SheetViewModel sheet, DialogService dialogs) {
        this.sheet = sheet;
        this.dialogs = dialogs;
    }

    /** Reads the pasted text and compares it with the sheet as it stands. */
    public void read() {
        Measurement m = EngineLogParser.parse(text.get() == null ? "" : text.get());
        summary.set(EngineLogParser.summary(m));
        smiPeak.set(null);
        if (m.matchedLines().isEmpty()) {
            measurement.set(null);
            comparison.set(null);
            NvidiaSmi.Reading smi = NvidiaSmi.read(text.get() == null ? "" : text.get());
            NvidiaSmi.Peak peak = smi.peak();
            if (peak != null) {
                smiPeak.set(peak);
                summary.set("nvidia-smi: " + peak.samples() + " reading(s), peak " + Units.gibText(peak.usedBytes()) + " used"
                        + (peak.totalBytes() > 0 ? " of " + Units.gibText(peak.totalBytes()) : "")
                        + " per GPU: Apply sets VALIDATION › Measured peak VRAM");
            } else if (smi.error() != null) {
                summary.set("nvidia-smi: " + smi.error()); // only memory.used is taken, so anything else is said, not guessed
            }
            return;
        }
        measurement.set(m);
        comparison.set(LogComparison.compare(sheet.computed().sheet(), m));
    }

    /**
     * Applies the log's setup and measured memory to the sheet (one undoable edit) and compares again; a log that
     * looks like another model's is applied only when the user confirms.
     */
    public void apply() {
        Measurement m = measurement.get();
        if (m == null && smiPeak.get() != null) {
            var ws = sheet.computed().sheet();
            sheet.applyWorksheet(StaleMeasurements.bind(ws.validation(), ws.withValidation(ws.validation().toBuilder()
                    .measuredPeakBytes(smiPeak.get().usedBytes()).build()), LocalDate.now().toString()));
            return;
        }
        if (m == null) {
            return;
        }
        LogComparison.Result before = LogComparison.compare(sheet.computed().sheet(), m);
        if (before.mismatched() && !dialogs.confirmMismatchedLog(before.modelMismatch())) {
            return;
        }
        List<String> flags = LogComparison.llamaCppFlags(sheet.computed().sheet(), m);
        sheet.applyWorksheet(LogComparison.apply(sheet.computed().sheet(), m, LocalDate.now().toString()));
        comparison.set(LogComparison.compare(sheet.computed().sheet(), m));
        if (!flags.isEmpty()) {
            // which of RUNTIME's llama.cpp flags Apply took from the log, in llama.cpp's own spelling
            summary.set(EngineLogParser.summary(m) + "; llama.cpp flags set from the log: '" + String.join(" ", flags) + "'");
        }
    }

    /** The comparison as text rows for the table: label, predicted, measured, delta, flag. */
    public static String[] cells(LogComparison.Row r) {
        Double d = r.delta();
        return new String[] {r.label(), fmt(r, r.predicted()), fmt(r, r.measured()),
            d == null ? "-" : String.format(Locale.ROOT, "%+.2f %%", d * 100), r.flagged() ? "above 2 %" : ""};
    }

    private static String fmt(LogComparison.Row r, Double v) {
        if (v == null) {
            return "-";
        }
        return switch (r.unit()) {
            case BYTES -> Units.gibText(Math.round(v));
            case RATIO -> Units.two(v) + "x";
            default -> Units.grouped(Math.round(v));
        };
    }
}
