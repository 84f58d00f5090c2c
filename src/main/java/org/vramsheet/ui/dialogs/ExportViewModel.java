package org.vramsheet.ui.dialogs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.report.PdfSigner;
import org.vramsheet.report.ReportData;
import org.vramsheet.report.ReportFiles;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * "Export report...": XLSX and/or PDF paths, page size, optional signing key and password (kept only
 * for the export), and the running export (progress, message). The export runs off the FX thread and prints the
 * window's own calculation of the sheet: nothing is calculated again for it.
 */
public final class ExportViewModel {
    /** Writes the reports of a calculated sheet ({@link ReportFiles}); tests see what would be written. */
    @FunctionalInterface
    interface Writer {
        void write(ReportData d, ReportFiles.Request r, Path pptx, DoubleConsumer progress)
                throws IOException, PdfSigner.SigningException;
    }

    public final StringProperty xlsx = new SimpleStringProperty("");
    public final StringProperty pdf = new SimpleStringProperty("");
    /** File › Export slide...: one slide of the decision ({@code PptxSlide}); empty: none. */
    public final StringProperty pptx = new SimpleStringProperty("");
    public final BooleanProperty letter = new SimpleBooleanProperty(false);
    public final BooleanProperty sign = new SimpleBooleanProperty(false);
    public final StringProperty key = new SimpleStringProperty("");
    public final StringProperty password = new SimpleStringProperty("");
    public final StringProperty status = new SimpleStringProperty("");
    public final StringProperty error = new SimpleStringProperty("");
    public final DoubleProperty progress = new SimpleDoubleProperty(0);
    public final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final String version;
    private final Writer writer;

    public ExportViewModel(String version) {
        this(version, SummaryMarkdown.Language.ENGLISH);
    }

    /** @param slide how the slide writes its words: the window's language (issue 31) */
    public ExportViewModel(String version, SummaryMarkdown.Language slide) {
        this(version, (d, r, pptx, progress) -> ReportFiles.export(d, r, pptx, slide, progress));
    }

    ExportViewModel(String version, Writer writer) {
        this.version = version;
        this.writer = writer;
    }

    /** Suggests file names next to the sheet's file (or in the home folder). */
    public void suggest(Path sheetFile, String modelId) {
        String base = sheetFile != null ? sheetFile.getFileName().toString().replaceAll("\\.json$", "")
                : (modelId.isBlank() ? "vram-report" : modelId.replaceAll("[^A-Za-z0-9._-]+", "_"));
        Path dir = sheetFile != null && sheetFile.toAbsolutePath().getParent() != null ? sheetFile.toAbsolutePath().getParent()
                : Path.of(System.getProperty("user.home"));
        xlsx.set(dir.resolve(base + ".xlsx").toString());
        pdf.set(dir.resolve(base + ".pdf").toString());
        pptx.set("");
    }

    /** File › Export slide...: only the slide, named like the reports would be. */
    public void suggestSlide(Path sheetFile, String modelId) {
        suggest(sheetFile, modelId);
        pptx.set(pdf.get().replaceAll("\\.pdf$", ".pptx"));
        xlsx.set("");
        pdf.set("");
    }

    /** Files that exist and would be replaced. */
    public List<Path> existing() {
        List<Path> out = new ArrayList<>();
        for (String s : new String[] {xlsx.get(), pdf.get(), pptx.get()}) {
            if (!s.isBlank() && Files.exists(Path.of(s))) {
                out.add(Path.of(s));
            }
        }
        return out;
    }

    /**
     * Writes the reports of the sheet as the window calculated it ({@code sheet}: its result and charts are printed as
     * they are). Refused while a field holds text that is not a number: the report could not show that text.
     */
    public void export(SheetViewModel.Computed sheet, Executor background, Consumer<Runnable> fx, Runnable done) {
        if (!sheet.parseIssues().isEmpty()) {
            error.set("First fix this field (its text is not a number):\n" + sheet.parseIssues().get(0).text());
            return;
        }
        if (xlsx.get().isBlank() && pdf.get().isBlank() && pptx.get().isBlank()) {
            error.set("Choose an XLSX file, a PDF file or a PPTX file.");
            return;
        }
        if (sign.get() && (key.get().isBlank() || pdf.get().isBlank())) {
            error.set("Signing needs a PDF file and a PKCS#12 key file.");
            return;
        }
        ReportFiles.Request req = new ReportFiles.Request(xlsx.get().isBlank() ? null : Path.of(xlsx.get()),
                pdf.get().isBlank() ? null : Path.of(pdf.get()), letter.get(), sign.get() ? Path.of(key.get()) : null,
                sign.get() ? password.get().toCharArray() : null, "VRAM sizing report");
        Path slide = pptx.get().isBlank() ? null : Path.of(pptx.get());
        password.set("");
        busy.set(true);
        error.set("");
        status.set("Exporting...");
        progress.set(0);
        background.execute(() -> {
            try {
                ReportData d = new ReportData(sheet.sheet(), sheet.outcome(), sheet.charts(), version, ZonedDateTime.now());
                writer.write(d, req, slide, p -> fx.accept(() -> progress.set(p)));
                fx.accept(() -> {
                    busy.set(false);
                    status.set(wrote(req, slide));
                    done.run();
                });
            } catch (PdfSigner.SigningException e) {
                fx.accept(() -> fail(e.getMessage()));
            } catch (IOException e) {
                fx.accept(() -> fail("Cannot write the report. Nothing was replaced.\n" + e.getMessage()));
            } catch (RuntimeException e) {
                fx.accept(() -> fail("Unexpected problem: " + e));
            }
        });
    }

    /** "Wrote 'a.xlsx', 'a.pdf' (signed) and 'a.pptx'". */
    private static String wrote(ReportFiles.Request req, Path slide) {
        List<String> files = new ArrayList<>();
        if (req.xlsx() != null) {
            files.add("'" + req.xlsx() + "'");
        }
        if (req.pdf() != null) {
            files.add("'" + req.pdf() + "'" + (req.key() != null ? " (signed)" : ""));
        }
        if (slide != null) {
            files.add("'" + slide + "'");
        }
        String last = files.remove(files.size() - 1);
        return "Wrote " + (files.isEmpty() ? last : String.join(", ", files) + " and " + last);
    }

    private void fail(String message) {
        busy.set(false);
        progress.set(0);
        error.set(message);
        status.set("Export failed.");
    }
}
