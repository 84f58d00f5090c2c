package org.vramsheet.ui.sections;

import javafx.scene.Node;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/** The form's grids: equal columns filled left to right, a field taking more than one column where it is long. */
final class FormGrid {
    private static final String SPAN = "vramsheet.columns";

    private FormGrid() { }

    static GridPane fill(GridPane g, int columns, Node... nodes) {
        for (int c = 0; c < columns; c++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setPercentWidth(100.0 / columns);
            cc.setHgrow(Priority.ALWAYS);
            g.getColumnConstraints().add(cc);
        }
        int col = 0;
        int row = 0;
        for (Node n : nodes) {
            int span = Math.min(columns, (int) n.getProperties().getOrDefault(SPAN, 1));
            if (col + span > columns) {
                col = 0;
                row++;
            }
            g.add(n, col, row, span, 1);
            col += span;
            if (col >= columns) {
                col = 0;
                row++;
            }
        }
        return g;
    }

    /** A field that takes {@code columns} of the grid: long values (a model ID, a GPU name, notes) are not cut off. */
    static <N extends Node> N wide(N n, int columns) {
        n.getProperties().put(SPAN, columns);
        return n;
    }

}
