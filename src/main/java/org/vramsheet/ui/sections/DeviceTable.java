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
 * RUNTIME's memory per device (llama.cpp): a column per GPU and one for the host, a row per buffer (layers, weights,
 * output layer, KV cache, recurrent state, compute buffer, output buffer, total, the GPU's memory and what is left). Each
 * cell shows its figure ({@code devices.gpu0.kvBytes}) and explains it on hover and click like any result. The columns
 * follow the sheet's GPU count: the grid is rebuilt when the devices change, its texts on every calculation.
 */
final class DeviceTable extends GridPane {
    /** Row: its label and each device's figure name ("memory": the GPU's memory, the same figure for every GPU). */
    private static final List<String[]> ROWS = List.of(new String[] {"Layers", "layers"}, new String[] {"Weights", "weightsBytes"},
            new String[] {"Output layer", "outputLayerBytes"}, new String[] {"KV cache", "kvBytes"},
            new String[] {"Recurrent state", "stateBytes"}, new String[] {"Compute buffer", "computeBytes"},
            new String[] {"Output buffer", "outputBufferBytes"}, new String[] {"Total", "totalBytes"},
            new String[] {"GPU memory", "memory"}, new String[] {"Left", "freeBytes"});
    /** The row of Ollama's planner's allocation per GPU (an Ollama sheet: {@code devices.gpu0.ollamaPlanBytes}). */
    private static final String[] PLAN_ROW = {"Ollama's planner (its own estimate)", "ollamaPlanBytes"};

    private final Views v;
    private final List<FigureCell> cells = new ArrayList<>();
    private List<String> devices = List.of();
    private List<String[]> rows = ROWS;
    private final InvalidationListener onCompute = o -> refresh();

    DeviceTable(Views v) {
        this.v = v;
        setId("runtime-devices");
        setHgap(14);
        setVgap(2);
        v.vm().computedProperty().addListener(new WeakInvalidationListener(onCompute));
        refresh();
    }

    /** The devices of the current result: "gpu0", "gpu1", ..., "host" (none for an engine that places no memory per device). */
    private List<String> devices(Map<String, Figure> figures) {
        List<String> out = new ArrayList<>();
        for (int i = 0; figures.containsKey("devices.gpu" + i + ".layers"); i++) {
            out.add("gpu" + i);
        }
        if (figures.containsKey("devices.host.layers")) {
            out.add("host");
        }
        return out;
    }

    private void refresh() {
        Map<String, Figure> figures = v.vm().computed().outcome().result().figures();
        List<String> now = devices(figures);
        List<String[]> nowRows = rows(figures);
        if (!now.equals(devices) || nowRows.size() != rows.size()) {
            devices = now;
            rows = nowRows;
            build();
        }
        boolean gib = v.vm().gibPrimary.get();
        for (FigureCell c : cells) {
            Figure f = figures.get(c.key);
            c.figure.set(f);
            c.label.setText(f == null ? "-" : v.texts().value(FigureText.primary(f, gib)));
        }
    }

    /** The rows, with Ollama's planner's allocation when the result has it. */
    private static List<String[]> rows(Map<String, Figure> figures) {
        if (!figures.containsKey(FigureKey.device("gpu0", PLAN_ROW[1]).id())) {
            return ROWS;
        }
        List<String[]> out = new ArrayList<>(ROWS);
        out.add(PLAN_ROW);
        return out;
    }

    private void build() {
        getChildren().clear();
        getColumnConstraints().clear();
        cells.clear();
        ColumnConstraints first = new ColumnConstraints();
        first.setHgrow(Priority.SOMETIMES);
        getColumnConstraints().add(first);
        for (int d = 0; d < devices.size(); d++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setHalignment(HPos.RIGHT);
            getColumnConstraints().add(cc);
            String name = devices.get(d).equals("host") ? v.t("host (RAM)") : "GPU " + devices.get(d).substring(3);
            add(styled(new Label(name), Style.RESULT_NAME), d + 1, 0);
        }
        for (int r = 0; r < rows.size(); r++) {
            Label name = styled(new Label(v.t(rows.get(r)[0])), Style.RESULT_NAME);
            name.setWrapText(true); // a long row name wraps; the figures beside it are never cut to "16,34..."
            add(name, 0, r + 1);
            for (int d = 0; d < devices.size(); d++) {
                String part = rows.get(r)[1];
                boolean host = devices.get(d).equals("host");
                String key = part.equals("memory") ? (host ? null : FigureKey.MEMORY_GPU_BYTES.id())
                        : FigureKey.device(devices.get(d), part).id();
                FigureCell c = new FigureCell(key, styled(new Label("-"), Style.RESULT_VALUE), v);
                c.label.setId("device-" + devices.get(d) + "-" + part);
                c.label.setMinWidth(Region.USE_PREF_SIZE);
                cells.add(c);
                add(c.label, d + 1, r + 1);
            }
        }
    }

    private Label styled(Label l, String style) {
        l.getStyleClass().add(style);
        return l;
    }
}
