package org.vramsheet.ui.app;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.transform.Scale;
import org.vramsheet.ui.sections.ScrollPanes;
import org.vramsheet.ui.text.Texts;

/**
 * Zoom for projectors, 80 % to 200 % (Ctrl + / Ctrl - / Ctrl 0): the window's content is scaled and laid out again in
 * the smaller logical size. Narrower than {@link #SIDE_BY_SIDE} logical px the window is {@link #stackedProperty()
 * stacked} (the window lays the charts above the form, see {@link Reflow}); never narrower than {@link #MIN_WIDTH} nor
 * lower than {@link #MIN_HEIGHT} or the content's minimum height: below that it scrolls instead of cutting text off. The
 * menu bar, its menus, the status bar (which shows the zoom), tooltips, drop-downs and dialogs get the zoomed font
 * instead. The factor is remembered in the app's home.
 */
public final class Zoom extends Region {
    /** The steps Ctrl + and Ctrl - move between. */
    static final double[] STEPS = {0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0};
    /**
     * The logical width (the window's width over the zoom) from which the form and the charts stand side by side: the
     * 1280 px that layout is made (and tested) for. At the window's minimum width of 1024 px, 150 % laid it out in 683
     * px and cut off labels, buttons and axis titles; with a floor of 1280 px instead, 150 % and 200 % at 1280x800 put
     * the slider and the charts off screen to the right (issue 31). Narrower, the window is stacked.
     */
    static final double SIDE_BY_SIDE = 1280;
    /**
     * The smallest logical width the content is laid out in (stacked): 1280 px at 200 % less the scroll bar is 627 px;
     * a window narrower than this at its zoom scrolls sideways rather than cut text off.
     */
    static final double MIN_WIDTH = 600;
    /** The smallest logical height the content is laid out in (a 1280x800 window less its menu and status bars). */
    static final double MIN_HEIGHT = 700;
    /** The window's font size at 100 % (app.css). */
    static final double FONT = 13;
    private final Parent content;
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final DoubleProperty factor = new SimpleDoubleProperty(1);
    private final ReadOnlyBooleanWrapper stacked = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper visibleHeight = new ReadOnlyDoubleWrapper(MIN_HEIGHT);
    private final Scaled scaled;
    private final ScrollPane scroll;
    private final VBox top = new VBox();
    private final HBox status = new HBox();
    private final Label shown = new Label();
    private String sheet;
    private Region cover;

    Zoom(Parent content) {
        this(content, Texts.ENGLISH);
    }

    Zoom(Parent content, Texts texts) {
        this.content = content;
        content.getTransforms().add(scale);
        content.setStyle("-fx-font-size: " + px(FONT) + ";"); // scaled: its font stays 100 %
        scaled = new Scaled();
        scroll = new ScrollPane(scaled);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setFocusTraversable(false);
        scroll.setId("zoom-scroll");
        scroll.getStyleClass().add("zoom-scroll");
        ScrollPanes.paintInPlace(scroll);
        shown.setId("status-zoom");
        status.getStyleClass().add("status-bar");
        status.setAlignment(Pos.CENTER_RIGHT);
        status.getChildren().add(shown);
        getChildren().addAll(scroll, top, status);
        factor.addListener((o, a, b) -> {
            scale.setX(b.doubleValue());
            scale.setY(b.doubleValue());
            show(texts);
            scaled.requestLayout();
            requestLayout();
        });
        show(texts);
    }

    /** Puts {@code bar} (the menu bar) above the content, at the zoomed font, never scrolled away. */
    void setTop(Node bar) {
        top.getChildren().setAll(bar);
    }

    /**
     * Puts {@code view} over the whole window, menus and status bar included, at its own size and not scaled (the
     * presentation view sizes its type by the window); null takes it away.
     */
    void cover(Region view) {
        if (cover != null) {
            getChildren().remove(cover);
        }
        cover = view;
        if (view != null) {
            getChildren().add(view);
        }
        requestLayout();
    }

    /** What covers the window (null: nothing). */
    Region cover() { return cover; }

    /** The zoom factor (1 = 100 %). */
    public DoubleProperty factorProperty() { return factor; }

    /**
     * True while the window is narrower than {@link #SIDE_BY_SIDE} logical px at its zoom (150 % or more at 1280x800,
     * 175 % or more at 1920x1080, or a narrow window): the content is to stack its parts rather than set them side by
     * side. Follows the window's width and the zoom, before the content is laid out.
     */
    public ReadOnlyBooleanProperty stackedProperty() { return stacked.getReadOnlyProperty(); }

    /** The logical height of what the scroller shows of the content (the window less its menu and status bars, unzoomed). */
    public ReadOnlyDoubleProperty visibleHeightProperty() { return visibleHeight.getReadOnlyProperty(); }

    /**
     * Scrolls the window so that {@code n} is in view, its top at the top when it is not (stacked, the form is below
     * the slider and the charts: a section jump or a click on an unavailable headline brings it up).
     */
    public void reveal(Node n) {
        if (n.getScene() == null) {
            return;
        }
        layout();
        Bounds b = scaled.sceneToLocal(n.localToScene(n.getLayoutBounds()));
        double shown = scroll.getViewportBounds().getHeight();
        double scrollable = scaled.getHeight() - shown;
        if (scrollable <= 0) {
            return;
        }
        double top = scroll.getVvalue() * scrollable;
        if (b.getMinY() < top - 0.5 || b.getMaxY() > top + shown + 0.5) {
            scroll.setVvalue(Math.max(0, Math.min(1, b.getMinY() / scrollable)));
        }
    }

    /** The scaled content (laid out in logical pixels). */
    public Parent content() { return content; }

    /** The zoom in percent, as the status bar shows it. */
    public int percent() { return (int) Math.round(factor.get() * 100); }

    private void show(Texts texts) {
        shown.setText(texts.t("Zoom") + " " + percent() + " %");
        setStyle("-fx-font-size: " + px(FONT * factor.get()) + ";");
        if (getScene() != null) {
            restyle(getScene());
        }
    }

    private static String px(double size) {
        return String.format(Locale.ROOT, "%.2fpx", size);
    }

    /**
     * A stylesheet kept last on the scene: the zoomed font for popups (menus, tooltips, drop-downs) and for dialogs,
     * which are not inside the scaled content.
     */
    private void restyle(Scene scene) {
        String css = ".root, .context-menu, .tooltip, .combo-box-popup .list-view { -fx-font-size: "
                + px(FONT * factor.get()) + "; }\n";
        String next = "data:text/css;base64," + Base64.getEncoder().encodeToString(css.getBytes(StandardCharsets.UTF_8));
        if (sheet != null) {
            scene.getStylesheets().remove(sheet);
        }
        sheet = next;
        scene.getStylesheets().add(next);
    }

    /** Ctrl + / Ctrl = zoom in, Ctrl - zooms out, Ctrl 0 resets; each change is remembered. */
    void install(Scene scene, AppHome home) {
        String saved = home.setting("zoom");
        if (saved != null) {
            try {
                factor.set(nearest(Double.parseDouble(saved)));
            } catch (NumberFormatException e) {
                factor.set(1);
            }
        }
        restyle(scene);
        // the theme sets the scene's stylesheets anew: the zoom's goes back on, last
        scene.getStylesheets().addListener((ListChangeListener<String>) c -> {
            if (sheet != null && !scene.getStylesheets().contains(sheet)) {
                Platform.runLater(() -> {
                    if (!scene.getStylesheets().contains(sheet)) {
                        scene.getStylesheets().add(sheet);
                    }
                });
            }
        });
        factor.addListener((o, a, b) -> home.putSetting("zoom", Double.toString(b.doubleValue())));
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (!e.isShortcutDown()) {
                return;
            }
            KeyCode k = e.getCode();
            if (k == KeyCode.PLUS || k == KeyCode.EQUALS || k == KeyCode.ADD) {
                step(1);
            } else if (k == KeyCode.MINUS || k == KeyCode.SUBTRACT) {
                step(-1);
            } else if (k == KeyCode.DIGIT0 || k == KeyCode.NUMPAD0) {
                factor.set(1);
            } else {
                return;
            }
            e.consume();
        });
    }

    /** One step in or out, within 80 % to 200 %. */
    void step(int direction) {
        int i = indexOf(factor.get());
        factor.set(STEPS[Math.max(0, Math.min(STEPS.length - 1, i + direction))]);
    }

    private static int indexOf(double f) {
        int best = 0;
        for (int i = 0; i < STEPS.length; i++) {
            if (Math.abs(STEPS[i] - f) < Math.abs(STEPS[best] - f)) {
                best = i;
            }
        }
        return best;
    }

    static double nearest(double f) { return STEPS[indexOf(f)]; }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        double above = top.prefHeight(w);
        double below = status.prefHeight(w);
        top.resizeRelocate(0, 0, w, above);
        status.resizeRelocate(0, h - below, w, below);
        fit(w, Math.max(0, h - above - below));
        scroll.resizeRelocate(0, above, w, Math.max(0, h - above - below));
        if (cover != null) {
            cover.resizeRelocate(0, 0, w, h);
        }
    }

    /** Stacked or side by side, and the visible height, for the scroller's size: decided before the content's layout. */
    private void fit(double width, double height) {
        double z = factor.get();
        boolean narrow = width / z < SIDE_BY_SIDE;
        visibleHeight.set(Math.max(0, height / z));
        if (narrow != stacked.get()) {
            stacked.set(narrow); // (the content rearranges itself now; its new minimum height is asked for below)
            scaled.requestLayout();
            scroll.requestLayout();
        }
    }

    @Override
    protected double computePrefWidth(double height) { return content.prefWidth(-1) * factor.get(); }

    @Override
    protected double computePrefHeight(double width) {
        return top.prefHeight(-1) + content.prefHeight(-1) * factor.get() + status.prefHeight(-1);
    }

    @Override
    protected double computeMinWidth(double height) { return 0; }

    @Override
    protected double computeMinHeight(double width) { return 0; }

    /** The content at the zoom: its logical size is this region's size over the factor, at least the minimum. */
    private final class Scaled extends Region {
        Scaled() {
            getChildren().add(content);
        }

        @Override
        protected void layoutChildren() {
            double z = factor.get();
            content.resizeRelocate(0, 0, getWidth() / z, getHeight() / z);
        }

        @Override
        protected double computeMinWidth(double height) { return MIN_WIDTH * factor.get(); }

        /** At least {@link #MIN_HEIGHT}, or what the content needs (stacked: its parts one above the other). */
        @Override
        protected double computeMinHeight(double width) { return Math.max(MIN_HEIGHT, content.minHeight(-1)) * factor.get(); }

        @Override
        protected double computePrefWidth(double height) { return Math.max(MIN_WIDTH, content.prefWidth(-1)) * factor.get(); }

        @Override
        protected double computePrefHeight(double width) { return Math.max(MIN_HEIGHT, content.prefHeight(-1)) * factor.get(); }
    }
}
