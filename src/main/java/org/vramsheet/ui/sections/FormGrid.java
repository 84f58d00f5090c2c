package org.vramsheet.ui.sections;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * The form's grids: equal columns filled left to right, a field taking more than one column where it is long. In a
 * narrow form ({@link #narrow}) a grid of four columns takes three, its fields in the same order (the tab order too).
 */
final class FormGrid {
    private static final String SPAN = "vramsheet.columns";
    /** On a grid: the columns it was filled with. */
    private static final String DESIGN = "vramsheet.grid";
    /** On the form: its grids take at most {@link #NARROW_COLUMNS} columns. */
    private static final String NARROW = "vramsheet.narrow";
    /** A narrow form's columns: at 200 % on 1280x800 (627 logical px) four cut off "Gemma2ForCausalLM" (issue 31). */
    static final int NARROW_COLUMNS = 3;

    private FormGrid() { }

    static GridPane fill(GridPane g, int columns, Node... nodes) {
        g.getProperties().put(DESIGN, columns);
        g.getChildren().addAll(nodes);
        place(g);
        return g;
    }

    /** Lays the grid's fields, in their order, into its columns (fewer in a narrow form). */
    private static void place(GridPane g) {
        int columns = (int) g.getProperties().get(DESIGN);
        for (Node p = g; p != null; p = p.getParent()) {
            if (Boolean.TRUE.equals(p.getProperties().get(NARROW))) {
                columns = Math.min(columns, NARROW_COLUMNS);
                break;
            }
        }
        g.getColumnConstraints().clear();
        for (int c = 0; c < columns; c++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setPercentWidth(100.0 / columns);
            cc.setHgrow(Priority.ALWAYS);
            g.getColumnConstraints().add(cc);
        }
        int col = 0;
        int row = 0;
        for (Node n : g.getChildren()) {
            int span = Math.min(columns, (int) n.getProperties().getOrDefault(SPAN, 1));
            if (col + span > columns) {
                col = 0;
                row++;
            }
            GridPane.setConstraints(n, col, row, span, 1);
            col += span;
            if (col >= columns) {
                col = 0;
                row++;
            }
        }
    }

    /** A field that takes {@code columns} of the grid: long values (a model ID, a GPU name, notes) are not cut off. */
    static <N extends Node> N wide(N n, int columns) {
        n.getProperties().put(SPAN, columns);
        return n;
    }

    /** Marks {@code form} narrow or not and lays every grid in it out again. */
    static void narrow(Parent form, boolean narrow) {
        form.getProperties().put(NARROW, narrow);
        replace(form);
    }

    /** Whether {@code form} is marked narrow. */
    static boolean isNarrow(Parent form) { return Boolean.TRUE.equals(form.getProperties().get(NARROW)); }

    /** Lays the grids in {@code n} out again, for the form they are in (a section built after the form was narrowed). */
    static void replace(Node n) {
        if (n instanceof GridPane g && g.getProperties().containsKey(DESIGN)) {
            place(g);
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                replace(c);
            }
        }
    }
}
