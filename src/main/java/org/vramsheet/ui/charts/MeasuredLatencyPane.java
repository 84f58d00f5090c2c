package org.vramsheet.ui.charts;

import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vramsheet.core.calc.LatencyComparison;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The Latency tab's measured-against-predicted table (issue 29): per concurrency step of VALIDATION's probe run, each
 * TTFT and ITL percentile and the throughput, measured over predicted with the error, as {@link LatencyComparison} has
 * them; and "Calibrate from this run" (one undoable edit), which says why when it is refused.
 */
final class MeasuredLatencyPane extends VBox {
    private final Texts texts;
    private final Label caption = new Label();
    private final GridPane table = new GridPane();
    private final Button calibrate;
    private final Label message = new Label();
    private LatencyComparison shown;

    MeasuredLatencyPane(SheetViewModel vm, Texts texts) {
        super(3);
        this.texts = texts;
        setId("latency-measured");
        setMinWidth(0);
        caption.setId("latency-measured-caption");
        caption.setWrapText(true);
        caption.setMinWidth(0);
        caption.setPrefWidth(100);
        caption.setMaxWidth(Double.MAX_VALUE);
        message.setMinWidth(0);
        caption.setMinHeight(Region.USE_PREF_SIZE);
        table.setId("latency-measured-table");
        table.setHgap(10);
        table.getStyleClass().add("latency-table");
        calibrate = new Button(texts.t("Calibrate from this run"));
        calibrate.setId("latency-calibrate");
        calibrate.setMinWidth(Region.USE_PREF_SIZE);
        message.setId("latency-calibrate-message");
        message.setWrapText(true);
        calibrate.setOnAction(e -> {
            String why = vm.calibrateLatency();
            message.setText(why == null ? texts.t("RUNTIME's memory-bandwidth and compute utilizations set from the run "
                    + "(Edit › Undo takes them back)") : texts.t("Not calibrated:") + " " + texts.message(why));
        });
        HBox actions = new HBox(8, calibrate, caption);
        actions.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(caption, Priority.ALWAYS);
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.managedProperty().bind(message.textProperty().isNotEmpty()); // no empty line until there is a message
        ScrollPane scroll = new ScrollPane(table);
        scroll.setFitToWidth(false);
        scroll.setMinWidth(0);
        scroll.setPrefWidth(100); // as wide as the tab, not as the table: the table scrolls
        scroll.setPrefViewportHeight(100);
        scroll.setMinViewportHeight(60);
        getChildren().addAll(actions, message, scroll); // the button first: a short window still shows it
    }

    void show(LatencyComparison c) {
        if (c.equals(shown)) {
            return;
        }
        shown = c;
        table.getChildren().clear();
        boolean any = c.measured() != null && !c.measured().steps().isEmpty();
        calibrate.setDisable(!any);
        if (!c.available()) {
            caption.setText(texts.t("Measured against predicted (VALIDATION):") + " " + texts.message(c.reason()));
            return;
        }
        message.setText("");
        caption.setText(texts.t("Measured against predicted (VALIDATION), probe run") + " " + c.measured().measuredAt()
                + ": " + texts.message(c.shape()) + ". " + texts.t("Each cell: measured / predicted (error); the estimate "
                + "has a mean ITL (against the p50) and no p99"));
        table.add(head(texts.t("Concurrency")), 0, 0);
        LatencyComparison.Quantity[] qs = LatencyComparison.Quantity.values();
        for (int i = 0; i < qs.length; i++) {
            table.add(head(texts.t(qs[i].label()) + " (" + texts.t(qs[i].unit()) + ")"), i + 1, 0);
        }
        int row = 1;
        for (LatencyComparison.Row r : c.rows()) {
            table.add(cell(Integer.toString(r.concurrency())), 0, row);
            for (int i = 0; i < qs.length; i++) {
                table.add(cell(text(r.get(qs[i]))), i + 1, row);
            }
            row++;
        }
    }

    private String text(LatencyComparison.Pair p) {
        String m = p.measured() == null ? "—" : fmt(p.measured());
        if (p.predicted() == null) {
            return texts.numbers(m);
        }
        Double e = p.errorPercent();
        return texts.numbers(m + " / " + fmt(p.predicted()) + (e == null ? "" : String.format(Locale.ROOT, " (%+.1f %%)", e)));
    }

    static String fmt(double v) { return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.1f", v); }

    private static Label head(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("latency-table-head");
        l.setWrapText(true);
        return l;
    }

    private static Label cell(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("latency-table-cell");
        return l;
    }
}
