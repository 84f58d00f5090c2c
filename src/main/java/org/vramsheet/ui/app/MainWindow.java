package org.vramsheet.ui.app;

import java.nio.file.Path;
import java.util.Set;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.MenuBar;
import javafx.scene.control.SplitPane;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.WorkloadPreset;
import org.vramsheet.ui.charts.ChartsView;
import org.vramsheet.ui.dialogs.DialogService;
import org.vramsheet.ui.dialogs.ExportDialog;
import org.vramsheet.ui.dialogs.FxDialogService;
import org.vramsheet.ui.dialogs.ImportDialog;
import org.vramsheet.ui.dialogs.LogDialog;
import org.vramsheet.ui.dialogs.ProbeDialog;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.ContextSlider;
import org.vramsheet.ui.sections.ExplainPane;
import org.vramsheet.ui.sections.SheetView;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.sections.SummaryStrip;
import org.vramsheet.ui.sections.Views;
import org.vramsheet.ui.text.Texts;

/** The window: menus, the summary strip, the form on the left, slider, charts and provenance on the right. */
public final class MainWindow {
    private final SheetViewModel vm;
    private final Texts texts;
    private final Stage stage;
    private final AppHome home;
    private final DialogService dialogs;
    private final FileController files;
    private final RecentFiles recent;
    private final Autosave autosave;
    private final DialogLauncher launcher;
    private final SheetView sheetView;
    private final ContextSlider contextSlider;
    private final StackPane layers;
    private final Zoom zoom;
    private final Scene scene;
    private boolean chartsAdded;
    private final Views views;
    private PresentView present;

    public MainWindow(Stage stage, DialogService dialogs, AppHome home) {
        this(stage, dialogs, home, false);
    }

    /**
     * @param progressive show the top of the form and the summary first, then build the other sections
     *                    and the charts one per pulse after the first frame (the real app's start-up)
     */
    public MainWindow(Stage stage, DialogService dialogs, AppHome home, boolean progressive) {
        this(stage, dialogs, home, progressive, new SheetViewModel());
    }

    /** A window over an existing sheet (used when the language changes: same sheet, same history). */
    public MainWindow(Stage stage, DialogService dialogs, AppHome home, boolean progressive, SheetViewModel model) {
        this.vm = model;
        this.stage = stage;
        this.home = home;
        this.texts = Texts.of(home.language() != null ? home.language() : Texts.systemLanguage());
        this.dialogs = dialogs != null ? dialogs : new FxDialogService(stage, texts);
        this.files = new FileController(vm, this.dialogs, home);
        vm.setDecimalComma(texts.decimalComma());
        files.setTexts(texts);
        this.recent = new RecentFiles(texts, home, files);
        this.autosave = new Autosave(files::autosave);
        ObjectProperty<Figure> selected = new SimpleObjectProperty<>();
        Views v = new Views(vm, selected, texts);
        this.views = v;
        this.sheetView = new SheetView(vm, selected, progressive, texts);
        this.contextSlider = new ContextSlider(vm, v);
        VBox side = new VBox(contextSlider);
        side.getStyleClass().add(Style.SIDE_PANEL);
        StackPane form = new StackPane(sheetView); // (the form, or the Compare view in its place)
        SplitPane split = new SplitPane(form, side);
        split.setDividerPositions(0.58);
        SummaryStrip summary = new SummaryStrip(vm, v);
        summary.setOnGoToField(sheetView::goTo);
        CompareMode.install(form, sheetView, summary.compareProperty(), vm, texts);
        BorderPane root = new BorderPane(split);
        this.layers = new StackPane(root);
        this.zoom = new Zoom(layers, texts);
        Reflow.install(zoom, root, split, form, side, summary);
        sheetView.setOnReveal(zoom::reveal);
        this.scene = new Scene(zoom, 1280, 800);
        this.launcher = new DialogLauncher(stage, vm, this.dialogs, texts, scene::getStylesheets);
        sheetView.setOnPasteLog(launcher::pasteLog);
        sheetView.setOnMeasure(launcher::measure);
        summary.setOnVariantRefused(launcher::variantRefused);
        WindowActions actions = new WindowActions(this::showStartPage, this::quit, this::setDark, this::switchLanguage, zoom,
                home::dark, this::present);
        MainMenuBar menus = new MainMenuBar(texts, vm, files, launcher, recent, actions);
        MenuBar bar = menus.build();
        KeyboardMenus.install(bar, texts, sheetView, stage);
        Set<Character> letters = Mnemonics.assign(bar);
        zoom.setTop(bar); // (outside the scrolled content: the File menu stays on screen at any zoom)
        root.setTop(new VBox(ReadOnlyBanner.build(texts, vm), summary));
        zoom.install(scene, home);
        buildRest(side, selected, progressive);
        showOn(stage);
        whenComplete(() -> afterLayout(() -> Mnemonics.assign(layers, letters)));
    }

    /** The charts and the provenance pane now, or (progressive) the rest of the form and then them after the first frame. */
    private void buildRest(VBox side, ObjectProperty<Figure> selected, boolean progressive) {
        Runnable addCharts = () -> {
            ChartsView charts = new ChartsView(vm, texts);
            side.getChildren().addAll(charts, new ExplainPane(selected, texts));
            VBox.setVgrow(charts, Priority.ALWAYS);
            chartsAdded = true;
        };
        if (!progressive) {
            addCharts.run();
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                sheetView.buildRest();
                Platform.runLater(addCharts);
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** Runs {@code r} after the next layout pulse (when the scroll panes' and tabs' content is in the scene graph). */
    private void afterLayout(Runnable r) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            r.run();
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    /** Styles, icons, the title that follows the file, closing (asked first when there are unsaved edits), undo keys. */
    private void showOn(Stage stage) {
        Theme.apply(scene, home.dark()); // (a language switch keeps dark: issue 31)
        stage.setScene(scene);
        stage.getIcons().setAll(new Image(MainWindow.class.getResourceAsStream("/org/vramsheet/ui/icon-64.png")),
                new Image(MainWindow.class.getResourceAsStream("/org/vramsheet/ui/icon-256.png")));
        stage.titleProperty().bind(Bindings.createStringBinding(files::title, vm.dirtyProperty(), vm.file,
                vm.readOnlyProperty()));
        stage.setOnCloseRequest(e -> {
            if (files.confirmDiscard()) {
                closed();
            } else {
                e.consume();
            }
        });
        UndoKeys.install(scene, vm);
        stage.setMinWidth(1024);
        stage.setMinHeight(640);
    }

    /** File › Quit: closes the window unless unsaved edits are to be kept. */
    private void quit() {
        if (files.confirmDiscard()) {
            closed();
            stage.close();
        }
    }

    /** The window is gone (closed, or replaced in another language): no more autosaves or background work. */
    private void closed() {
        files.closed();
        stopTimers();
    }

    private void stopTimers() {
        autosave.stop();
        launcher.shutdown();
    }

    /** Opens the start sheet (recovery, a file given on the command line, or the default sample). */
    public void start(Path file) {
        start(file, false);
    }

    /** As {@link #start(Path)}; {@code sampleOpen}: the window's sheet was built on the default sample. */
    public void start(Path file, boolean sampleOpen) {
        files.start(file, sampleOpen);
        resume();
    }

    /** Starts the autosave and recent-files menu for a window built over an already open sheet. */
    public void resume() {
        recent.refresh();
        autosave.start();
    }

    /** Rebuilds the window in another language over the same sheet (history and file kept). */
    public MainWindow switchLanguage(String language) {
        if (language.equals(texts.language())) {
            return this;
        }
        home.setLanguage(language);
        stopTimers();
        MainWindow w = new MainWindow(stage, dialogs, home, false, vm);
        w.resume();
        WindowState.carry(scene, sheetView, w.scene, w.sheetView);
        return w;
    }

    public SheetViewModel viewModel() { return vm; }

    /** The form (for tests and the summary's "go to the field"). */
    public SheetView sheetView() { return sheetView; }

    /** True once every section of the form and the charts are built (at once unless progressive). */
    public boolean complete() { return chartsAdded && sheetView.complete(); }

    /** Runs {@code r} on the FX thread once the window is {@link #complete()}. */
    public void whenComplete(Runnable r) {
        if (complete()) {
            r.run();
        } else {
            Platform.runLater(() -> whenComplete(r));
        }
    }

    public FileController files() { return files; }

    /** Shows the start page over the window (recent files, a new sheet from a model, a sample that fits, presets). */
    public void showStartPage() {
        if (layers.lookup("#start-page") == null) {
            StartPage.show(layers, new StartPage(texts, home.recent(), vm, files, launcher::importModel));
        }
    }

    /**
     * View › Present (F5): the presentation view over the window, full screen (Esc returns to the sheet as it was; the
     * view is built once and keeps its place in the sheet's one calculation).
     */
    public PresentView present() {
        if (present == null) {
            present = new PresentView(vm, views);
            present.setOnClose(this::endPresent);
        }
        if (zoom.cover() != present) {
            zoom.cover(present); // (over the menus and the status bar too, not scaled by the zoom)
            present.setActive(true);
            stage.setFullScreenExitHint("");
            stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH); // Esc is the view's: it leaves both
            stage.setFullScreen(true);
            present.focus();
        }
        return present;
    }

    /** Esc in the presentation view: back to the sheet (not full screen), its state as it was. */
    private void endPresent() {
        zoom.cover(null);
        present.setActive(false);
        stage.setFullScreen(false);
        stage.setFullScreenExitKeyCombination(null);
    }

    /** The window's zoom (Ctrl + / Ctrl - / Ctrl 0). */
    public Zoom zoom() { return zoom; }

    /** The context slider (for the drag probe and tests). */
    public ContextSlider contextSlider() { return contextSlider; }

    public Scene scene() { return scene; }

    public Texts texts() { return texts; }

    /** Typical / Heavy / Limit from a preset, fitted to the model's context, as one edit (Undo takes it back). */
    public void applyPreset(WorkloadPreset p) { WorkloadPresets.apply(vm, p); }

    /** Opens "Import model..." (Hub, file or folder, local cache, catalog). */
    public ImportDialog showImport() { return launcher.importModel(); }

    /** Opens VALIDATION's "Paste engine log...". */
    public LogDialog showLogDialog() { return launcher.pasteLog(); }

    /** Opens VALIDATION's "Measure a running server...". */
    public ProbeDialog showProbeDialog() { return launcher.measure(); }

    /** Opens "Export report..." (XLSX, PDF, signing). */
    public ExportDialog showExport() { return launcher.export(); }

    public void setDark(boolean dark) {
        Theme.apply(scene, dark);
        home.setDark(dark);
    }
}
