package org.vramsheet.ui.app;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.vramsheet.core.curves.Curves;

/**
 * Drag measurement (packaging/drag-benchmark.sh, docs/performance.md). {@code -Dvramsheet.dragProbe=true} makes the real
 * window print, once it is complete and idle, where its context slider's thumb and track are on the screen
 * ({@code drag slider: THUMB_X Y TRACK_X0 TRACK_X1}), so a script can drag it with the pointer. This class's main opens
 * the baseline the issue measured against: a bare window with a slider, a label and a LineChart of three 48-point
 * series, all redrawn on every slider step, and prints the same line.
 */
public final class DragProbe {
    private static final int POINTS = Curves.POINTS;

    /** Prints the slider's screen geometry once the window has been laid out and shown (and 1 s of quiet after it). */
    public static void report(Slider slider) {
        Platform.runLater(() -> new Thread(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            Platform.runLater(() -> print(slider));
        }, "drag-probe").start());
    }

    private static void print(Slider slider) {
        Node thumb = slider.lookup(".thumb");
        Node track = slider.lookup(".track");
        Bounds t = thumb.localToScreen(thumb.getBoundsInLocal());
        Bounds r = track.localToScreen(track.getBoundsInLocal());
        System.out.println("drag slider: " + Math.round(t.getCenterX()) + " " + Math.round(t.getCenterY()) + " "
                + Math.round(r.getMinX() + t.getWidth() / 2) + " " + Math.round(r.getMaxX() - t.getWidth() / 2));
        System.out.flush();
    }

    private DragProbe() { }

    /** The bare baseline window. */
    public static final class Bare extends Application {
        @Override
        public void start(Stage stage) {
            Slider slider = new Slider(9, 17, 17);
            Label label = new Label();
            LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
            chart.setAnimated(false);
            chart.setCreateSymbols(false);
            slider.valueProperty().addListener((o, a, b) -> {
                label.setText("context " + Math.round(Math.pow(2, b.doubleValue())) + " tokens");
                var all = FXCollections.<XYChart.Series<Number, Number>>observableArrayList();
                for (int s = 1; s <= 3; s++) {
                    XYChart.Series<Number, Number> series = new XYChart.Series<>();
                    series.setName("scenario " + s);
                    for (int i = 0; i < POINTS; i++) {
                        double x = 9 + 8.0 * i / (POINTS - 1);
                        series.getData().add(new XYChart.Data<>(x, s * Math.pow(2, x) * b.doubleValue() / 1e4));
                    }
                    all.add(series);
                }
                chart.setData(all);
            });
            VBox root = new VBox(8, slider, label, chart);
            root.setStyle("-fx-padding: 40 40 40 40;");
            Scene scene = new Scene(root, 1280, 800);
            stage.setScene(scene);
            stage.show();
            slider.setValue(16.5);
            report(slider);
        }
    }

    /** Opens the bare window (a main outside the Application class, so the class path needs no module options). */
    public static void main(String[] args) {
        Application.launch(Bare.class, args);
    }
}
