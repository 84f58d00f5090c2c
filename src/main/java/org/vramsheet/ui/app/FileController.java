package org.vramsheet.ui.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.AtomicFiles;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.ReportVerifier;
import org.vramsheet.ui.dialogs.DialogService;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * New, Open, Save, Save As and recent files for one window; asks before losing unsaved changes and
 * writes atomically. Needs no toolkit: tests drive it with a scripted {@link DialogService}.
 */
public final class FileController {
    /** The sheet a new window and File › New start from: a model that fits its GPU (gemma-2-9b on one H100). */
    public static final String DEFAULT_SAMPLE = "gemma-2-9b-sliding-window-h100.json";
    private final SheetViewModel vm;
    private final DialogService dialogs;
    private final AppHome home;
    private Texts texts = Texts.ENGLISH;

    /** The language of the window title. */
    public void setTexts(Texts texts) { this.texts = texts; }

    public FileController(SheetViewModel vm, DialogService dialogs, AppHome home) {
        this.vm = vm;
        this.dialogs = dialogs;
        this.home = home;
    }

    /** A built-in sample sheet from the jar. */
    public static Worksheet sample(String name) {
        try (InputStream in = FileController.class.getResourceAsStream("/org/vramsheet/samples/" + name)) {
            if (in == null) {
                throw new IllegalStateException("sample missing from the jar: " + name);
            }
            return WorksheetJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (WorksheetFormatException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The window title: file name (or "Untitled"), "*" when unsaved, "(read-only)" when Approved. */
    public String title() {
        Path f = vm.file.get();
        return (vm.dirtyProperty().get() ? "*" : "") + (f == null ? texts.t("Untitled") : f.getFileName().toString())
                + (vm.readOnlyProperty().get() ? " " + texts.t("(Approved, read-only)") : "") + " - VRAM Sheet";
    }

    /** A new sheet: the default sample's model and workloads, without the sample's measurements (they are its own). */
    public void newSheet() {
        if (confirmDiscard()) {
            vm.open(StaleMeasurements.dropped(sample(DEFAULT_SAMPLE)), null);
        }
    }

    public void open() {
        if (!confirmDiscard()) {
            return;
        }
        dialogs.chooseOpen().ifPresent(this::load);
    }

    /** Opens a file without asking about unsaved changes (callers ask first). Returns false on failure. */
    public boolean load(Path file) {
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pdf")) {
            return loadReport(file);
        }
        try {
            vm.open(WorksheetJson.read(file), file);
            home.addRecent(file);
            return true;
        } catch (WorksheetFormatException e) {
            dialogs.error("Cannot open the worksheet", e.getMessage());
            return false;
        }
    }

    /** Opens the worksheet attached to a PDF report; saving asks for a new .json file. */
    private boolean loadReport(Path pdf) {
        try (var doc = Loader.loadPDF(pdf.toFile())) {
            String json = ReportVerifier.attachment(doc);
            if (json == null) {
                dialogs.error("Cannot open the report", "'" + pdf + "' has no attached worksheet (not a VRAM Sheet report?)");
                return false;
            }
            vm.open(WorksheetJson.parse(json, pdf.getFileName() + " attachment"), null);
            vm.markUnsaved();
            return true;
        } catch (IOException | WorksheetFormatException e) {
            dialogs.error("Cannot open the report", pdf + ": " + e.getMessage());
            return false;
        }
    }

    public void openRecent(Path file) {
        if (confirmDiscard()) {
            load(file);
        }
    }

    /** Saves to the current file, or asks where. Returns false when nothing was saved. */
    public boolean save() {
        Path f = vm.file.get();
        if (f == null) {
            return saveAs();
        }
        return write(f);
    }

    public boolean saveAs() {
        String suggested = vm.file.get() != null ? vm.file.get().getFileName().toString()
                : (vm.model.modelId.get().isBlank() ? "worksheet" : vm.model.modelId.get().replaceAll("[^A-Za-z0-9._-]+", "_"))
                + ".json";
        Optional<Path> target = dialogs.chooseSave(suggested);
        if (target.isEmpty()) {
            return false;
        }
        Path f = target.get();
        if (!f.getFileName().toString().contains(".")) { // no extension given: worksheets are JSON
            f = f.resolveSibling(f.getFileName() + ".json");
        }
        if (Files.exists(f) && !f.equals(vm.file.get()) && !dialogs.confirmOverwrite(f)) {
            return false;
        }
        return write(f);
    }

    private boolean write(Path f) {
        vm.checkpointNow();
        try {
            WorksheetJson.save(vm.computed().sheet(), f);
        } catch (AccessDeniedException e) {
            dialogs.error("Cannot save", "'" + f + "': permission denied. Nothing was changed; choose another place.");
            return false;
        } catch (IOException e) {
            dialogs.error("Cannot save", "Nothing was changed; the sheet stays open.\n" + f + ": " + e.getMessage());
            return false;
        }
        vm.markSaved(f);
        home.addRecent(f);
        home.clearAutosave();
        return true;
    }

    /** True when it is fine to drop the current sheet (saved, discarded on request, or saved now). */
    public boolean confirmDiscard() {
        if (!vm.dirtyProperty().get()) {
            return true;
        }
        String name = vm.file.get() == null ? texts.t("Untitled") : vm.file.get().getFileName().toString();
        return switch (dialogs.askUnsaved(name)) {
            case SAVE -> save();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    /** Writes the autosave copy when there are unsaved changes. */
    public void autosave() {
        if (!vm.dirtyProperty().get()) {
            return;
        }
        try {
            home.autosave(vm.computed().sheet(), vm.file.get());
        } catch (IOException e) {
            // autosave is a safety net; a failed one is retried on the next tick
        }
    }

    /** At start: offers the autosave copy of a session that ended without closing, else opens the sample. */
    public void start() {
        start(null, false);
    }

    /** As {@link #start(Path, boolean)} without a file. */
    public void start(boolean sampleOpen) {
        start(null, sampleOpen);
    }

    /**
     * At start, with or without a file to open ({@code java -jar vramsheet.jar sheet.json}, a double-click): a write of
     * several files (an export) that a kill interrupted is completed in the folders of the recent files and of the file;
     * then every autosave left by an instance that did not close (and that no running instance holds) is offered, the
     * newest first, and restoring one never loads the file over the recovered work (the sheet stays unsaved, so
     * quitting asks). Declining is an explicit discard: only then is that copy deleted; once one is restored, the others
     * are left for the next start. Without a restore the file (or the sample) opens. {@code sampleOpen}: the ViewModel
     * was built on the default sample already ({@link StartSheet}).
     */
    public void start(Path file, boolean sampleOpen) {
        completeInterruptedWrites(file);
        List<AppHome.Recovery> found = home.recoveries();
        AppHome.Recovery restored = null;
        for (int i = 0; i < found.size(); i++) {
            AppHome.Recovery r = found.get(i);
            if (restored != null) {
                home.release(r);
            } else if (dialogs.offerRecovery(question(r, file, found.size() - i - 1))) {
                home.restore(r);
                vm.open(r.sheet(), null);
                vm.file.set(r.origin() != null ? r.origin() : file);
                vm.markUnsaved();
                restored = r;
            } else {
                home.discard(r);
            }
        }
        if (restored != null) {
            return;
        }
        if (file != null && load(file)) {
            return;
        }
        if (!sampleOpen) {
            vm.open(sample(DEFAULT_SAMPLE), null);
        }
    }

    private static String question(AppHome.Recovery r, Path file, int more) {
        Path origin = r.origin();
        String which = origin == null ? "" : " ('" + origin.getFileName() + "')";
        String instead = file == null || file.toAbsolutePath().equals(origin) ? "" : " instead of opening '" + file.getFileName() + "'";
        return "VRAM Sheet did not close cleanly last time. Restore the unsaved worksheet" + which + instead + "?"
                + (more == 0 ? "" : "\nMore unsaved worksheets were found (" + more + "): each is offered in turn.");
    }

    /** Export's pair of files that a kill left half moved, in the folders files were last opened from or saved to. */
    private void completeInterruptedWrites(Path file) {
        Set<Path> dirs = new LinkedHashSet<>();
        if (file != null && file.toAbsolutePath().getParent() != null) {
            dirs.add(file.toAbsolutePath().getParent());
        }
        home.recent().forEach(p -> {
            if (p.getParent() != null) {
                dirs.add(p.getParent());
            }
        });
        dirs.forEach(AtomicFiles::recover);
    }

    /** On a clean exit: this window's autosave copy and its lock go. */
    public void closed() {
        home.closeAutosave();
    }
}
