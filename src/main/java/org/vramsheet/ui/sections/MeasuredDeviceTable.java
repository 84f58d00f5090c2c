package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.geometry.HPos;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.ui.text.FigureText;

/**
 * VALIDATION's buffers measured per device (an applied llama.cpp or Ollama log): a row per buffer the log printed
 * ({@code validation.devices.gpu0.kvBytes}), its measured size and the sheet's figure of that device against it
 * ({@code ...kvBytesError}: unavailable, with the reason, when the setup or the launch changed), and the layers offloaded.
 * Hidden while nothing is measured per device; rebuilt when the rows change, its texts on every calculation.
 */
final class MeasuredDeviceTable extends GridPane {
    private static final String PREFIX = "validation.devices.";

    private final Views v;
    private final List<Cell> cells = new ArrayList<>();
    private List<String> rows = List.of();
    private final InvalidationListener onCompute = o -> refresh();

    MeasuredDeviceTable(Views v) {
        this.v = v;
        setId("validation-devices");
        setHgap(14);
        setVgap(2);
        v.vm().computedProperty().addListener(new WeakInvalidationListener(onCompute));
        refresh();
    }

    /** The measured figures of the result, in its order ("validation.devices.gpu0.kvBytes", ...), then the layers. */
    private static List<String> rows(Map<String, Figure> figures) {
        List<String> out = new ArrayList<>();
        for (String k : figures.keySet()) {
            if (k.startsWith(PREFIX) && !k.endsWith("Error")) {
                out.add(k);
            }
        }
        if (figures.containsKey(FigureKey.VALIDATION_OFFLOADED_LAYERS.id())) {
            out.add(FigureKey.VALIDATION_OFFLOADED_LAYERS.id());
        }
        return out;
    }

    private void refresh() {
        Map<String, Figure> figures = v.vm().computed().outcome().result().figures();
        List<String> now = rows(figures);
        if (!now.equals(rows)) {
            rows = now;
            build();
        }
        setVisible(!rows.isEmpty());
        setManaged(!rows.isEmpty());
        boolean gib = v.vm().gibPrimary.get();
        for (Cell c : cells) {
            Figure f = figures.get(c.key);
            c.figure.set(f);
            c.label.setText(f == null ? "-" : c.name ? v.texts().value(f.label().replace(", measured", ""))
                    : v.texts().value(FigureText.primary(f, gib)));
        }
    }

    private void build() {
        getChildren().clear();
        getColumnConstraints().clear();
        cells.clear();
        if (rows.isEmpty()) {
            return;
        }
        ColumnConstraints first = new ColumnConstraints();
        first.setHgrow(Priority.SOMETIMES);
        getColumnConstraints().add(first);
        for (int i = 0; i < 2; i++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setHalignment(HPos.RIGHT);
            getColumnConstraints().add(cc);
        }
        add(styled(new Label(v.t("Measured per device")), Style.RESULT_NAME), 0, 0);
        add(styled(new Label(v.t("Measured")), Style.RESULT_NAME), 1, 0);
        add(styled(new Label(v.t("The sheet against it")), Style.RESULT_NAME), 2, 0);
        for (int r = 0; r < rows.size(); r++) {
            String key = rows.get(r);
            boolean layers = key.equals(FigureKey.VALIDATION_OFFLOADED_LAYERS.id());
            String id = key.substring(key.indexOf('.') + 1).replace('.', '-');
            Cell name = cell(key, true, id + "-name");
            name.label.setWrapText(true);
            add(name.label, 0, r + 1);
            add(cell(key, false, id).label, 1, r + 1);
            add(cell(layers ? FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET.id() : key + "Error", false, id + "-sheet").label, 2, r + 1);
        }
    }

    private Cell cell(String key, boolean name, String id) {
        Cell c = new Cell(key, name, styled(new Label("-"), name ? Style.RESULT_NAME : Style.RESULT_VALUE));
        c.label.setId(id);
        if (!name) {
            c.label.setMinWidth(Region.USE_PREF_SIZE);
        }
        cells.add(c);
        return c;
    }

    private Label styled(Label l, String style) {
        l.getStyleClass().add(style);
        return l;
    }

    /** One cell: a figure's value, or its name (the row's label). */
    private final class Cell extends FigureCell {
        final boolean name;

        Cell(String key, boolean name, Label label) {
            super(key, label, v);
            this.name = name;
        }
    }
}
