package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.ui.dialogs.ImportDialog;

/**
 * Issue 31, Seen 8: in the Russian window rows went out of line where a label wrapped (a field lower than its
 * neighbours in the same row). Seen 9 and 11: a double click on a catalog entry did not apply it, and the selected
 * row's second line (the entry's facts) was muted grey on the selection's blue.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class FormRowsAndCatalogRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/llama-3.1-70b-bf16-h200.json", "en", 1280, 800);
    }

    /** The input control a form cell holds (its field, picker or choice), or null for a result or a label. */
    private static Node control(Node n) {
        if (n instanceof TextInputControl || n instanceof ChoiceBox || n instanceof ComboBoxBase) {
            return n.isVisible() ? n : null;
        }
        if (n instanceof Parent p && n.isVisible()) {
            for (Node c : p.getChildrenUnmodifiable()) {
                Node found = control(c);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** Every grid row whose fields do not start at the same height, in every grid of the form under {@code root}. */
    private static void outOfLine(Node root, List<String> out) {
        if (root instanceof GridPane g && g.isVisible()) {
            Map<Integer, List<Node>> rows = new LinkedHashMap<>();
            for (Node cell : g.getChildren()) {
                Node c = cell.isManaged() ? control(cell) : null;
                if (c != null && !(cell instanceof GridPane)) {
                    rows.computeIfAbsent(GridPane.getRowIndex(cell) == null ? 0 : GridPane.getRowIndex(cell),
                            k -> new ArrayList<>()).add(c);
                }
            }
            rows.forEach((row, cs) -> {
                double top = cs.get(0).localToScene(cs.get(0).getLayoutBounds()).getMinY();
                for (Node c : cs) {
                    double y = c.localToScene(c.getLayoutBounds()).getMinY();
                    if (Math.abs(y - top) > 1) {
                        out.add(cs.get(0).getId() + " at y " + Math.round(top) + ", " + c.getId() + " at y " + Math.round(y));
                    }
                }
            });
        }
        if (root instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> outOfLine(c, out));
        }
    }

    /** Seen 8's "rows out of line" is still open: this test fails today, so it waits for the fix (issue 31). */
    @Test
    @org.junit.jupiter.api.Disabled("issue 31 Seen 8 open: fails on the i31-finish branch (Russian, 1280x800, 100 %: "
            + "weights-totalParams at y 372 beside weights-activeParams at y 388, kv-kvHeads 996 beside kv-attentionHeads 1012,"
            + " ...); a field under a label that wraps onto more lines sits lower than its row's. Enable with the fix")
    void theFormsRowsStayInLineWhereRussianLabelsWrap(FxRobot robot) {
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        window.whenComplete(() -> { });
        WaitForAsyncUtils.waitForFxEvents();
        for (double z : new double[] {1.0, 1.5}) {
            robot.interact(() -> window.zoom().factorProperty().set(z));
            WaitForAsyncUtils.waitForFxEvents();
            List<String> out = new ArrayList<>();
            int[] wrapped = new int[1];
            robot.interact(() -> {
                window.scene().getRoot().layout();
                Node sheet = window.scene().lookup("#sheet");
                outOfLine(sheet, out);
                sheet.lookupAll(".label").forEach(l -> wrapped[0] += l instanceof Label x && x.isWrapText()
                        && x.getHeight() > x.getFont().getSize() * 2 ? 1 : 0);
            });
            assertTrue(wrapped[0] > 0, "the Russian form has wrapped labels at " + z + " (else this checks nothing)");
            assertEquals(List.of(), out, "rows out of line at " + Math.round(z * 100) + " %");
        }
        robot.interact(() -> window.zoom().factorProperty().set(1));
    }

    @Test
    void aDoubleClickAppliesACatalogEntryWhoseSelectedFactsReadInTheSelectionsColour(FxRobot robot) throws Exception {
        ImportDialog[] d = new ImportDialog[1];
        robot.interact(() -> d[0] = window.showImport());
        robot.clickOn("Catalog");
        javafx.scene.control.TextField filter = robot.lookup("#import-catalog-filter").queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> filter.setText("Qwen3"));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ListView<ModelCatalog.Entry> list = robot.lookup("#import-catalog-list").queryAs(ListView.class);
        var qwen = list.getItems().stream().filter(e -> e.id().equals("Qwen/Qwen3-8B")).findFirst().orElseThrow();
        robot.interact(() -> {
            list.getSelectionModel().select(qwen);
            list.requestFocus();
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> selected(list) != null
                && selected(list).getGraphic() instanceof Label);
        ListCell<?> cell = selected(list);
        Label facts = (Label) cell.getGraphic();
        assertTrue(facts.getStyleClass().contains("catalog-facts"));
        assertEquals(cell.getTextFill(), facts.getTextFill(), "the selected row's facts in the selection's text colour");
        ListCell<?> other = list.lookupAll(".list-cell").stream().map(n -> (ListCell<?>) n)
                .filter(c -> !c.isSelected() && c.getItem() != null && c.getGraphic() instanceof Label).findFirst().orElse(null);
        if (other != null) { // an unselected row keeps its facts muted, so the colour above is the selection's own
            assertNotEquals(other.getTextFill(), ((Label) other.getGraphic()).getTextFill());
        }
        robot.doubleClickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(d[0].stage().isShowing(), "the double click applied the entry and closed the dialog");
        assertEquals("Qwen/Qwen3-8B", window.viewModel().snapshot().model().modelId());
    }

    private static ListCell<?> selected(ListView<?> list) {
        return list.lookupAll(".list-cell").stream().map(n -> (ListCell<?>) n)
                .filter(c -> c.isSelected() && c.getItem() != null).findFirst().orElse(null);
    }
}
