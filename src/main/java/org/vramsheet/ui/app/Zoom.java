package org.vramsheet.ui.app;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Region;
import javafx.scene.transform.Scale;

/**
 * Zoom for projectors: the whole window (text, fields, charts) scaled by Ctrl + / Ctrl - / Ctrl 0, its content laid
 * out again in the smaller logical size so nothing is cut off, and the factor remembered in the app's home.
 */
public final class Zoom extends Region {
    /** The steps Ctrl + and Ctrl - move between. */
    static final double[] STEPS = {0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0};
    private final Parent content;
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final DoubleProperty factor = new SimpleDoubleProperty(1);

    Zoom(Parent content) {
        this.content = content;
        content.getTransforms().add(scale);
        getChildren().add(content);
        factor.addListener((o, a, b) -> {
            scale.setX(b.doubleValue());
            scale.setY(b.doubleValue());
            requestLayout();
        });
    }

    /** The zoom factor (1 = 100 %). */
    public DoubleProperty factorProperty() { return factor; }

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
        double z = factor.get();
        content.resizeRelocate(0, 0, getWidth() / z, getHeight() / z);
    }

    @Override
    protected double computePrefWidth(double height) { return content.prefWidth(-1) * factor.get(); }

    @Override
    protected double computePrefHeight(double width) { return content.prefHeight(-1) * factor.get(); }

    @Override
    protected double computeMinWidth(double height) { return 0; }

    @Override
    protected double computeMinHeight(double width) { return 0; }
}
