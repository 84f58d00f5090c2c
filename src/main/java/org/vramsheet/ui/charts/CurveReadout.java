package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.ui.text.Texts;

/**
 * Where the cursor meets the curves (issue 31, Seen 7): over the plot, the curves' point nearest the cursor's context
 * read out as "8,192 tokens: 42 sequences" (each line's own point, the core's numbers, not interpolated).
 */
final class CurveReadout {
    private final MarkedLineChart chart;
    private final Texts texts;
    private final Label label = new Label();
    private List<Curves.Series> lines = List.of();

    CurveReadout(MarkedLineChart chart, Texts texts) {
        this.chart = chart;
        this.texts = texts;
        label.setId("curve-readout");
        label.getStyleClass().add("curve-readout");
        label.setManaged(false);
        label.setMouseTransparent(true);
        label.setVisible(false);
        chart.plotChildren().add(label);
        chart.addEventHandler(MouseEvent.MOUSE_MOVED, this::moved);
        chart.addEventHandler(MouseEvent.MOUSE_EXITED, e -> label.setVisible(false));
    }

    /** The lines drawn now (their points are what the readout names). */
    void show(List<Curves.Series> drawn) {
        this.lines = List.copyOf(drawn);
        label.setVisible(false);
    }

    private void moved(MouseEvent e) {
        Node plot = chart.lookup(".chart-plot-background");
        if (plot == null || lines.isEmpty()) {
            return;
        }
        Point2D p = plot.sceneToLocal(e.getSceneX(), e.getSceneY());
        if (p == null || p.getX() < 0 || p.getY() < 0 || p.getX() > plot.getLayoutBounds().getWidth()
                || p.getY() > plot.getLayoutBounds().getHeight()) {
            label.setVisible(false);
            return;
        }
        double log2 = ((NumberAxis) chart.getXAxis()).getValueForDisplay(p.getX()).doubleValue();
        label.setText(text(log2));
        label.autosize();
        Point2D at = chart.plotChildrenParent().sceneToLocal(e.getSceneX(), e.getSceneY());
        double x = Math.min(at.getX() + 12, chart.getXAxis().getWidth() - label.getWidth() - 2);
        label.relocate(Math.max(0, x), Math.max(0, at.getY() - label.getHeight() - 8));
        label.setVisible(true);
        label.toFront();
    }

    /** The readout at a context of 2^{@code log2} tokens: each line's nearest point. */
    String text(double log2) {
        List<String> parts = new ArrayList<>();
        for (Curves.Series s : lines) {
            Curves.Point best = null;
            for (Curves.Point q : s.points()) {
                if (best == null || Math.abs(ChartAxes.log2(q.x()) - log2) < Math.abs(ChartAxes.log2(best.x()) - log2)) {
                    best = q;
                }
            }
            if (best != null) {
                String seq = texts.numbers(String.format(Locale.ROOT, "%,d", Math.round(Math.floor(best.y()))));
                parts.add((lines.size() > 1 ? s.name() + ": " : "") + texts.numbers(String.format(Locale.ROOT, "%,d",
                        best.x())) + " " + texts.t("tokens") + " → " + seq + " " + texts.t("sequences"));
            }
        }
        return String.join("\n", parts);
    }
}
