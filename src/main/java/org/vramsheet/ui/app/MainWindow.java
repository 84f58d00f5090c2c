package org.vramsheet.ui.app;

import org.vramsheet.io.AppVersion;
import java.nio.file.Path;
import java.util.Optional;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.vramsheet.core.result.Figure;
import org.vramsheet.ui.charts.ChartsView;
import org.vramsheet.ui.dialogs.AboutDialog;
import org.vramsheet.ui.dialogs.DialogService;
import org.vramsheet.ui.dialogs.ExportDialog;
import org.vramsheet.ui.dialogs.ExportViewModel;
import org.vramsheet.ui.dialogs.FxDialogService;
import org.vramsheet.ui.dialogs.ImportDialog;
import org.vramsheet.ui.dialogs.ImportViewModel;
import org.vramsheet.ui.dialogs.LogDialog;
import org.vramsheet.ui.dialogs.LogViewModel;
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
    private static final String COLORS = MainWindow.class.getResource("/org/vramsheet/ui/colors.css").toExternalForm();
    private static final String DARK = MainWindow.class.getResource("/org/vramsheet/ui/dark.css").toExternalForm();
    private static final String APP = MainWindow.class.getResource("/org/vramsheet/ui/app.css").toExternalForm();

    private final SheetViewModel vm;
    private final Texts texts;
    private final ObjectProperty<Figure> selected = new SimpleObjectProperty<>();
    private final Stage stage;
    private final FileController files;
    private Scene scene;
    private final Menu recentMenu = new Menu("Open Recent");
    private final AppHome home;
    private final DialogService dialogs;
    private Timeline autosave;
    private Runnable afterFirstFrame;
    private final SheetView sheetView;
    private boolean chartsAdded;
    private final ContextSlider contextSlider;
    private Zoom zoom;
    private javafx.scene.layout.StackPane layers;

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
        recentMenu.setText(texts.t("Open Recent"));
        Views v = new Views(vm, selected, texts);
        SheetView sheet = new SheetView(vm, selected, progressive, texts);
        sheet.setOnPasteLog(this::showLogDialog);
        sheet.setOnMeasure(this::showProbeDialog);
        ContextSlider slider = new ContextSlider(vm, v);
        this.contextSlider = slider;
        VBox side = new VBox(slider);
        side.getStyleClass().add(Style.SIDE_PANEL);
        this.sheetView = sheet;
        Runnable addCharts = () -> {
            ChartsView charts = new ChartsView(vm, texts);
            side.getChildren().addAll(charts, new ExplainPane(selected, texts));
            VBox.setVgrow(charts, Priority.ALWAYS);
            chartsAdded = true;
        };
        if (progressive) {
            Runnable[] once = new Runnable[1];
            once[0] = () -> {
                this.scene.removePostLayoutPulseListener(once[0]);
                javafx.application.Platform.runLater(() -> {
                    sheet.buildRest();
                    javafx.application.Platform.runLater(addCharts);
                });
            };
            this.afterFirstFrame = once[0];
        } else {
            addCharts.run();
        }
        SplitPane split = new SplitPane(sheet, side);
        split.setDividerPositions(0.58);
        SummaryStrip summary = new SummaryStrip(vm, v);
        summary.setOnGoToField(sheet::goTo);
        CompareMode.install(split, sheet, summary.compareProperty(), vm, texts);
        summary.setOnVariantRefused(why -> dialogs.error("Variant not changed", why));
        VBox top = new VBox(menus(), readOnlyBanner(), summary);
        BorderPane root = new BorderPane(split);
        root.setTop(top);
        layers = new javafx.scene.layout.StackPane(root);
        zoom = new Zoom(layers);
        scene = new Scene(zoom, 1280, 800);
        zoom.install(scene, home);
        if (afterFirstFrame != null) {
            scene.addPostLayoutPulseListener(afterFirstFrame);
        }
        showOn(stage);
    }

    /** Styles, icons, the title that follows the file, and the autosave timer. */
    private void showOn(Stage stage) {
        scene.getStylesheets().addAll(COLORS, APP);
        stage.setScene(scene);
        stage.getIcons().addAll(new javafx.scene.image.Image(MainWindow.class.getResourceAsStream("/org/vramsheet/ui/icon-64.png")),
                new javafx.scene.image.Image(MainWindow.class.getResourceAsStream("/org/vramsheet/ui/icon-256.png")));
        stage.titleProperty().bind(Bindings.createStringBinding(files::title, vm.dirtyProperty(), vm.file,
                vm.readOnlyProperty()));
        stage.setOnCloseRequest(e -> {
            if (!files.confirmDiscard()) {
                e.consume();
            } else {
                files.closed();
                if (autosave != null) {
                    autosave.stop();
                }
            }
        });
        installUndoKeys();
        stage.setMinWidth(1024);
        stage.setMinHeight(640);
    }

    /**
     * Ctrl+Z / Ctrl+Y: a text field with its own typing history undoes that first; otherwise the sheet
     * steps back through its edits.
     */
    private void installUndoKeys() {
        KeyCombination undoKeys = KeyCombination.keyCombination("Shortcut+Z");
        KeyCombination redoKeys = KeyCombination.keyCombination("Shortcut+Y");
        KeyCombination redoKeys2 = KeyCombination.keyCombination("Shortcut+Shift+Z");
        scene.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            boolean undo = undoKeys.match(e);
            boolean redo = redoKeys.match(e) || redoKeys2.match(e);
            if (!undo && !redo) {
                return;
            }
            if (scene.getFocusOwner() instanceof javafx.scene.control.TextInputControl t
                    && (undo ? t.isUndoable() : t.isRedoable())) {
                return;
            }
            if (undo) {
                vm.undo();
            } else {
                vm.redo();
            }
            e.consume();
        });
    }

    /** Opens the start sheet (recovery, a file given on the command line, or the default sample). */
    public void start(Path file) {
        start(file, false);
    }

    /** As {@link #start(Path)}; {@code sampleOpen}: the window's sheet was built on the default sample. */
    public void start(Path file, boolean sampleOpen) {
        files.start(file, sampleOpen);
        refreshRecent();
        autosave = new Timeline(new KeyFrame(Duration.seconds(15), e -> files.autosave()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        autosave.play();
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
            javafx.application.Platform.runLater(() -> whenComplete(r));
        }
    }

    public FileController files() { return files; }

    /** Shows the start page over the window (recent files, a new sheet from a model, a sample that fits, presets). */
    public void showStartPage() {
        if (layers.lookup("#start-page") == null) {
            StartPage.show(layers, this, texts, home.recent());
        }
    }

    /** The window's zoom (Ctrl + / Ctrl - / Ctrl 0). */
    public Zoom zoom() { return zoom; }

    /** The context slider (for the drag probe and tests). */
    public ContextSlider contextSlider() { return contextSlider; }

    public Scene scene() { return scene; }

    private MenuBar menus() {
        MenuItem about = item("About VRAM Sheet", "F1", () -> AboutDialog.show(stage, AppVersion.get(), texts));
        Menu help = new Menu(texts.t("Help"), null, about);
        MenuBar bar = new MenuBar(fileMenu(), editMenu(), ViewMenu.build(this, texts, vm), help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private Menu fileMenu() {
        MenuItem newItem = item("New", "Shortcut+N", files::newSheet);
        MenuItem open = item("Open...", "Shortcut+O", () -> {
            files.open();
            refreshRecent();
        });
        MenuItem save = item("Save", "Shortcut+S", () -> {
            files.save();
            refreshRecent();
        });
        MenuItem saveAs = item("Save As...", "Shortcut+Shift+S", () -> {
            files.saveAs();
            refreshRecent();
        });
        MenuItem quit = item("Quit", "Shortcut+Q", () -> {
            if (files.confirmDiscard()) {
                files.closed();
                stage.close();
            }
        });
        MenuItem importItem = item("Import model...", "Shortcut+I", this::showImport);
        importItem.setId("menu-import");
        MenuItem exportItem = item("Export report...", "Shortcut+E", this::showExport);
        MenuItem start = item("Start page...", null, this::showStartPage);
        return new Menu(texts.t("File"), null, newItem, open, recentMenu, start, new SeparatorMenuItem(), importItem, exportItem,
                new SeparatorMenuItem(), save, saveAs,
                new SeparatorMenuItem(), quit);
    }

    private Menu editMenu() {
        MenuItem undo = item("Undo", "Shortcut+Z", vm::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not().and(vm.dirtyProperty().not()));
        MenuItem redo = item("Redo", "Shortcut+Y", vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        Menu presets = new Menu(texts.t("Workload preset"));
        presets.setId("menu-presets");
        for (var p : org.vramsheet.core.sheet.WorkloadPreset.values()) {
            presets.getItems().add(item(p.label(), null, () -> applyPreset(p)));
        }
        MenuItem variant = item("New variant", "Shortcut+Shift+N", () -> Optional.ofNullable(vm.newVariant())
                .ifPresent(why -> dialogs.error("Variant not changed", why)));
        return new Menu(texts.t("Edit"), null, undo, redo, new SeparatorMenuItem(), presets, variant);
    }

    /** Typical / Heavy / Limit from a preset, fitted to the model's context, as one edit (Undo takes it back). */
    public void applyPreset(org.vramsheet.core.sheet.WorkloadPreset p) {
        vm.applyWorksheet(vm.snapshot().withWorkloads(p.workloads(vm.model.maxContext.longValue())));
    }


    /** Opens "Import model..." (Hub, file or folder, local cache, catalog). */
    public ImportDialog showImport() {
        ImportViewModel ivm = new ImportViewModel(System.getenv(),
                org.vramsheet.io.hub.HfCache.fromEnvironment(System.getenv(), System.getProperty("user.home")),
                java.time.Duration.ofSeconds(20));
        ImportDialog d = new ImportDialog(stage, ivm, vm, scene.getStylesheets(), texts);
        d.show();
        return d;
    }

    /** Rebuilds the window in another language over the same sheet (history and file kept). */
    public MainWindow switchLanguage(String language) {
        if (language.equals(texts.language())) {
            return this;
        }
        home.setLanguage(language);
        if (autosave != null) {
            autosave.stop();
        }
        MainWindow w = new MainWindow(stage, dialogs, home, false, vm);
        w.resume();
        WindowState.carry(this, w);
        return w;
    }

    /** Starts the autosave and recent-files menu for a window built over an already open sheet. */
    public void resume() {
        refreshRecent();
        autosave = new Timeline(new KeyFrame(Duration.seconds(15), e -> files.autosave()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        autosave.play();
    }

    public Texts texts() { return texts; }

    /** Opens VALIDATION's "Paste engine log...". */
    public LogDialog showLogDialog() {
        LogDialog d = new LogDialog(stage, new LogViewModel(vm, dialogs), vm, scene.getStylesheets(), texts);
        d.show();
        return d;
    }

    /** Opens VALIDATION's "Measure a running server...". */
    public org.vramsheet.ui.dialogs.ProbeDialog showProbeDialog() {
        var d = new org.vramsheet.ui.dialogs.ProbeDialog(stage, new org.vramsheet.ui.dialogs.ProbeViewModel(vm), vm, probeThreads,
                scene.getStylesheets(), texts);
        d.show();
        return d;
    }

    /** Measurements run here, off the FX thread (daemon threads: closing the window ends them). */
    private final java.util.concurrent.Executor probeThreads = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "probe");
        t.setDaemon(true);
        return t;
    });

    /** Opens "Export report..." (XLSX, PDF, signing). */
    public ExportDialog showExport() {
        ExportViewModel evm = new ExportViewModel(AppVersion.get());
        evm.suggest(vm.file.get(), vm.model.modelId.get());
        ExportDialog d = new ExportDialog(stage, evm, vm, dialogs, scene.getStylesheets(), texts);
        d.show();
        return d;
    }

    public void setDark(boolean dark) {
        scene.getStylesheets().setAll(dark ? java.util.List.of(COLORS, DARK, APP) : java.util.List.of(COLORS, APP));
    }

    private MenuItem item(String name, String keys, Runnable action) {
        MenuItem m = new MenuItem(texts.t(name));
        if (keys != null) {
            m.setAccelerator(KeyCombination.keyCombination(keys));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        for (Path p : home.recent()) {
            MenuItem m = new MenuItem(p.toString());
            m.setOnAction(e -> {
                files.openRecent(p);
                refreshRecent();
            });
            recentMenu.getItems().add(m);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    private HBox readOnlyBanner() {
        Label l = new Label(texts.t("This worksheet is Approved and opens read-only."));
        Button reopen = new Button(texts.t("Reopen as Draft"));
        reopen.setId("banner-reopen");
        reopen.setOnAction(e -> vm.reopenAsDraft());
        HBox box = new HBox(l, reopen);
        box.getStyleClass().add(Style.READ_ONLY_BANNER);
        box.visibleProperty().bind(vm.readOnlyProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
