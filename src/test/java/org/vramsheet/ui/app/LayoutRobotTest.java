package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/**
 * Issue 17, layout that holds. Seen at 1280x800: the model ID, the GPU name, several labels and buttons and every
 * Placement column cut off; fields jumping about 33 px when a message appeared under one. This walks every shown label
 * and text field of the window, in English and in Russian, and fails on text the window cuts off.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class LayoutRobotTest {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "en", 1280, 800);
    }

    /** Every label whose shown text is not its text (an ellipsis), and every text field whose text is wider than it. */
    static List<String> cutOff(Parent root) {
        List<String> out = new ArrayList<>();
        walk(root, out);
        return out;
    }

    private static void walk(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty() && l.getScene() != null) {
            String full = l.isMnemonicParsing() ? Mnemonics.shown(l.getText()) : l.getText(); // (Alt letters' "_" not shown)
            Node t = l.lookup(".text");
            // (an empty shown text is a cell not laid out since its item changed, not a cut)
            if (t instanceof Text shown && !shown.getText().isEmpty() && !shown.getText().equals(full) && !l.isWrapText()
                    || t instanceof Text wrapped && l.isWrapText() && !wrapped.getText().replace("\n", " ").trim()
                    .equals(full.replace("\n", " ").trim())) {
                out.add(describe(l) + " shows '" + ((Text) t).getText() + "' of '" + full + "'");
            }
        }
        if (n instanceof TextField tf && tf.getText() != null && !tf.getText().isEmpty()) {
            double need = new Text(tf.getText()) {{ setFont(tf.getFont()); }}.getLayoutBounds().getWidth();
            double room = tf.getWidth() - tf.getPadding().getLeft() - tf.getPadding().getRight();
            if (need > room + 1) {
                out.add(describe(tf) + " holds '" + tf.getText() + "' (" + Math.round(need) + " px) in " + Math.round(room) + " px");
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, out);
            }
        }
    }

    /**
     * Issue 31, Seen 8: every shown text that wraps breaks between words, never inside one ("последовательносте|й"):
     * the caret's line before and after each pair of letters is the same.
     */
    static List<String> brokenWords(Node n) {
        List<String> out = new ArrayList<>();
        brokenWords(n, out);
        return out;
    }

    private static void brokenWords(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Text t && t.getText() != null && t.getText().length() > 1 && t.getWrappingWidth() > 0
                && t.getLayoutBounds().getHeight() > t.getFont().getSize() * 1.8) {
            String s = t.getText();
            double last = lineOf(t, 0);
            for (int i = 1; i < s.length(); i++) {
                double y = lineOf(t, i);
                if (y > last + 1 && Character.isLetterOrDigit(s.charAt(i - 1)) && Character.isLetterOrDigit(s.charAt(i))) {
                    out.add("'" + s.substring(0, i) + "|" + s.substring(i) + "' in " + Math.round(t.getWrappingWidth()) + " px ("
                            + describe(t.getParent()) + ")");
                    break;
                }
                last = y;
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                brokenWords(c, out);
            }
        }
    }

    private static double lineOf(Text t, int i) {
        javafx.scene.shape.PathElement[] caret = t.caretShape(i, true);
        return caret.length > 0 && caret[0] instanceof javafx.scene.shape.MoveTo m ? m.getY() : 0;
    }

    private static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() != null ? "#" + n.getId() : "");
    }

    private List<String> everyTab(FxRobot robot) {
        List<String> all = new ArrayList<>();
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        for (int i = 0; i < tabs.getTabs().size(); i++) {
            int k = i;
            robot.interact(() -> tabs.getSelectionModel().select(k));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> window.scene().getRoot().layout());
            List<String> found = new ArrayList<>(cutOff(window.scene().getRoot()));
            found.addAll(brokenWords(window.scene().getRoot()));
            for (String s : found) {
                if (!all.contains(s)) {
                    all.add(s);
                }
            }
        }
        return all;
    }

    @Test
    void nothingIsCutOffAt1280x800InEnglish(FxRobot robot) {
        assertEquals(List.of(), everyTab(robot));
        robot.interact(() -> window.viewModel().open(FileController.sample("llama-3.1-70b-bf16-h200.json"), null));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), everyTab(robot), "the 70B sample (long checkpoint format, model ID)");
    }

    /** Every chart tab's header is shown, none pushed into the tab pane's overflow menu. */
    private void allTabHeadersShow(FxRobot robot) {
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        javafx.scene.Node area = tabs.lookup(".tab-header-area");
        double right = area.localToScene(area.getLayoutBounds()).getMaxX();
        for (javafx.scene.Node h : tabs.lookupAll(".tab")) {
            org.junit.jupiter.api.Assertions.assertTrue(h.localToScene(h.getLayoutBounds()).getMaxX() <= right + 0.5,
                    "tab header cut off: " + ((javafx.scene.control.Label) h.lookup(".tab-label")).getText());
        }
    }

    @Test
    void nothingIsCutOffAt1280x800InRussian(FxRobot robot) {
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), everyTab(robot));
        allTabHeadersShow(robot);
    }

    /**
     * Issue 31, Seen 1: at 125 % the legend and axis titles were gone, at 150 % the chart was a 40 px strip and buttons
     * read "...", at 175 % the File menu was off screen. Here: 100, 150 and 200 % in each language and theme, at
     * 1280x800 (and 1920x1080 in English light), nothing cut off on any tab, the charts keep their height, legend and
     * axis titles, the menu bar is on screen at the zoomed font and the status bar names the zoom. Issue 31 (the open
     * defect): at 150 % and 200 % on 1280x800 the context slider and the charts were off screen to the right until one
     * scrolled sideways; now the window reflows (stacked) and never needs a horizontal scroll bar, at 80 % to 200 %.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"en, light", "en, dark", "ru, light", "ru, dark"})
    void nothingIsCutOffAtAnyZoom(String language, String theme, FxRobot robot) {
        if (language.equals("ru")) {
            robot.interact(() -> window = window.switchLanguage("ru"));
        }
        robot.interact(() -> window.setDark(theme.equals("dark")));
        WaitForAsyncUtils.waitForFxEvents();
        for (double z : new double[] {0.8, 1.0, 1.5, 2.0}) {
            String at = language + " " + theme + " " + Math.round(z * 100) + " %";
            robot.interact(() -> window.zoom().factorProperty().set(z));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> window.scene().getRoot().layout());
            assertEquals(List.of(), everyTab(robot), at + " at 1280x800");
            zoomedWindowHolds(robot, z, at + " at 1280x800");
            robot.interact(() -> assertEquals(List.of(), sideways(), at + " at 1280x800"));
            org.junit.jupiter.api.Assertions.assertEquals(z > 1, window.zoom().stackedProperty().get(),
                    at + ": stacked below 1280 logical px");
            if (language.equals("en") && theme.equals("light")) {
                // Monocle's screen is 1280x800 (a bigger window overflows its frame buffer): the window's root is laid
                // out at 1920x1080 and checked within one FX event, before a frame is drawn
                List<String> big = new ArrayList<>();
                boolean[] stacked = new boolean[1];
                robot.interact(() -> {
                    javafx.scene.Parent root = window.scene().getRoot();
                    root.resize(1920, 1080);
                    root.layout();
                    big.addAll(cutOff(root));
                    big.addAll(sideways(1920));
                    stacked[0] = window.zoom().stackedProperty().get();
                    root.resize(window.scene().getWidth(), window.scene().getHeight());
                    root.layout();
                });
                assertEquals(List.of(), big, at + " at 1920x1080");
                assertEquals(1920 / z < 1280, stacked[0], at + " at 1920x1080: side by side down to 1280 logical px");
            }
        }
        robot.interact(() -> window.zoom().factorProperty().set(1));
    }

    /**
     * Issue 31, the meeting room's screen: the Russian window at 1920x1080, at 100 % and 150 %, on every chart tab:
     * nothing cut, no word broken where a text wraps, no horizontal scroll needed (the summary's concurrency, the slider
     * and the concurrency chart within the viewport). Monocle's screen is 1280x800, so the root is laid out at 1920x1080
     * and checked within one FX event, as nothingIsCutOffAtAnyZoom does for English.
     */
    @Test
    void russianHoldsAt1920x1080At100And150(FxRobot robot) {
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        List<String> found = new ArrayList<>();
        for (double z : new double[] {1.0, 1.5}) {
            robot.interact(() -> window.zoom().factorProperty().set(z));
            WaitForAsyncUtils.waitForFxEvents();
            for (int i = 0; i < tabs.getTabs().size(); i++) {
                int k = i;
                robot.interact(() -> tabs.getSelectionModel().select(k));
                WaitForAsyncUtils.waitForFxEvents();
                String at = "ru " + Math.round(z * 100) + " % at 1920x1080, tab " + tabs.getTabs().get(k).getText() + ": ";
                robot.interact(() -> {
                    Parent root = window.scene().getRoot();
                    root.resize(1920, 1080);
                    root.layout();
                    org.junit.jupiter.api.Assertions.assertEquals(1920, root.getLayoutBounds().getWidth(), 0.5);
                    cutOff(root).forEach(c -> found.add(at + c));
                    brokenWords(root).forEach(c -> found.add(at + c));
                    sideways(1920).forEach(c -> found.add(at + c));
                    root.resize(window.scene().getWidth(), window.scene().getHeight());
                    root.layout();
                });
            }
        }
        robot.interact(() -> window.zoom().factorProperty().set(1));
        assertEquals(List.of(), found);
    }

    /**
     * Stacked (200 % at 1280x800), the form is below the slider and the charts: a jump to a field (View › Go to
     * section, a click on an unavailable headline) scrolls the window too, so that the field is on screen.
     */
    @Test
    void aJumpToAFieldBringsTheStackedFormOnScreen(FxRobot robot) {
        robot.interact(() -> window.zoom().factorProperty().set(2.0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        org.junit.jupiter.api.Assertions.assertTrue(window.zoom().stackedProperty().get());
        robot.interact(() -> org.junit.jupiter.api.Assertions.assertTrue(window.sheetView().goTo("kv.kvHeads")));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        Node field = robot.lookup("#kv-kvHeads").query();
        javafx.scene.control.ScrollPane scroll = robot.lookup("#zoom-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        javafx.geometry.Bounds port = scroll.localToScene(scroll.getLayoutBounds());
        javafx.geometry.Bounds b = field.localToScene(field.getLayoutBounds());
        org.junit.jupiter.api.Assertions.assertTrue(b.getMinY() >= port.getMinY() - 0.5 && b.getMaxY() <= port.getMaxY() + 0.5,
                "KV heads at y " + Math.round(b.getMinY()) + " to " + Math.round(b.getMaxY()) + ", the window shows "
                + Math.round(port.getMinY())
                        + " to " + Math.round(port.getMaxY()));
        org.junit.jupiter.api.Assertions.assertTrue(field.isFocused(), "the cursor is in the field");
        robot.interact(() -> window.zoom().factorProperty().set(1));
    }

    /** What the window would need a horizontal scroll bar for, at the scene's width. */
    private List<String> sideways() { return sideways(window.scene().getWidth()); }

    /**
     * What the window (its root laid out {@code width} px wide) would need a horizontal scroll bar for: the content
     * wider than the zoom scroller's viewport, a horizontal scroll bar shown, or the summary's concurrency, the context
     * slider or the concurrency chart not within the viewport from left to right.
     */
    private List<String> sideways(double width) {
        List<String> out = new ArrayList<>();
        javafx.scene.control.ScrollPane scroll = (javafx.scene.control.ScrollPane) window.scene().lookup("#zoom-scroll");
        double view = scroll.getViewportBounds().getWidth();
        double wide = scroll.getContent().getLayoutBounds().getWidth();
        if (wide > view + 0.5) {
            out.add("the content is " + Math.round(wide) + " px wide in a viewport of " + Math.round(view) + " px");
        }
        for (Node bar : scroll.lookupAll(".scroll-bar")) {
            if (bar instanceof javafx.scene.control.ScrollBar b && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL
                    && b.isVisible() && b.getParent() == scroll.lookup(".viewport").getParent()) {
                out.add("a horizontal scroll bar is shown");
            }
        }
        javafx.geometry.Bounds port = scroll.localToScene(scroll.getLayoutBounds());
        double right = Math.min(width, port.getMinX() + view);
        for (String id : List.of("#summary-concurrency", "#context-slider", "#chart-concurrency")) {
            Node n = window.scene().lookup(id);
            javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
            if (b.getMinX() < port.getMinX() - 0.5 || b.getMaxX() > right + 0.5) {
                out.add(id + " spans x " + Math.round(b.getMinX()) + " to " + Math.round(b.getMaxX()) + ", the viewport "
                        + Math.round(port.getMinX()) + " to " + Math.round(right));
            }
        }
        return out;
    }

    private void zoomedWindowHolds(FxRobot robot, double z, String at) {
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        javafx.scene.chart.XYChart<?, ?> chart = robot.lookup("#chart-concurrency").queryAs(javafx.scene.chart.XYChart.class);
        org.junit.jupiter.api.Assertions.assertTrue(chart.getHeight() >= 260, at + ": the chart is " + chart.getHeight() + " px high");
        Node legend = chart.lookup(".chart-legend");
        org.junit.jupiter.api.Assertions.assertTrue(legend != null && legend.isVisible() && legend.getLayoutBounds().getHeight() > 10,
                at + ": the legend shows");
        for (Node axisLabel : chart.lookupAll(".axis-label")) {
            org.junit.jupiter.api.Assertions.assertTrue(axisLabel.isVisible() && axisLabel.getLayoutBounds().getHeight() > 10,
                    at + ": axis title " + ((Label) axisLabel).getText());
        }
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) window.scene().lookup(".menu-bar");
        javafx.geometry.Bounds b = bar.localToScene(bar.getLayoutBounds());
        org.junit.jupiter.api.Assertions.assertTrue(b.getMinX() >= 0 && b.getMinY() >= 0 && b.getMaxY() <= window.scene().getHeight(),
                at + ": the menu bar is on screen " + b);
        Labeled file = (Labeled) bar.lookup(".menu .label");
        assertEquals(13 * z, file.getFont().getSize(), 0.01, at + ": the menus' font is zoomed");
        Label status = (Label) window.scene().lookup("#status-zoom");
        assertEquals(window.texts().t("Zoom") + " " + Math.round(z * 100) + " %", status.getText());
        javafx.geometry.Bounds s = status.localToScene(status.getLayoutBounds());
        org.junit.jupiter.api.Assertions.assertTrue(s.getMaxY() <= window.scene().getHeight() + 0.5 && s.getMaxX()
                <= window.scene().getWidth() + 0.5, at + ": the status bar is on screen " + s);
    }

    @Test
    void aMessageAppearingMovesNoField(FxRobot robot) {
        java.util.Map<String, Double> before = fieldPositions(robot);
        TextField heads = robot.lookup("#kv-kvHeads").queryAs(TextField.class);
        robot.interact(() -> window.sheetView().reveal(heads));
        robot.clickOn(heads);
        robot.interact(heads::selectAll);
        robot.write("7");
        robot.type(javafx.scene.input.KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#kv-kvHeads-message").queryAs(Label.class);
        org.junit.jupiter.api.Assertions.assertTrue(message.isVisible() && message.getText().contains("KV heads"), message.getText());
        robot.interact(() -> window.sheetView().reveal(heads));
        WaitForAsyncUtils.waitForFxEvents();
        java.util.Map<String, Double> after = fieldPositions(robot);
        double shift = after.get("kv-kvHeads") - before.get("kv-kvHeads"); // (the form may have scrolled to the field)
        // the fields of the section the message is in, and every section above it, stay where they were (sections
        // below may move: their results now give the reason they are unavailable, which takes lines)
        for (var e : before.entrySet()) {
            if (e.getKey().matches("(model|weights|kv)-.*")) {
                assertEquals(e.getValue() + shift, after.get(e.getKey()), 0.5, e.getKey() + " moved");
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(before.keySet().stream().filter(k -> k.startsWith("kv-")).count() > 10);
    }

    /**
     * Issue 31, Seen 2: the layout jumped 56-100 px whenever a headline figure became unavailable ("nonsense" as the
     * parameter count): the summary strip grew and the form, the charts and the slider moved under the pointer.
     */
    @Test
    void anUnavailableHeadlineMovesNothing(FxRobot robot) {
        java.util.Map<String, Double> before = anchors(robot);
        TextField params = robot.lookup("#weights-totalParams").queryAs(TextField.class);
        robot.interact(() -> window.sheetView().reveal(params));
        robot.clickOn(params);
        robot.interact(params::selectAll);
        robot.write("nonsense");
        robot.type(javafx.scene.input.KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        String fits = robot.lookup("#summary-budget").queryAs(Label.class).getText();
        org.junit.jupiter.api.Assertions.assertTrue(fits.contains("unavailable") || fits.contains("—") || fits.isEmpty()
                || !fits.matches(".*\\d.*"), "the headline is unavailable: " + fits);
        java.util.Map<String, Double> after = anchors(robot);
        for (var e : before.entrySet()) {
            assertEquals(e.getValue(), after.get(e.getKey()), 1.0, e.getKey() + " moved");
        }
    }

    /** Issue 31, Seen 2, the other way in: a context past the engine's max model length moves nothing either. */
    @Test
    void aContextPastTheMaxModelLengthMovesNothing(FxRobot robot) {
        java.util.Map<String, Double> before = anchors(robot);
        robot.interact(() -> window.viewModel().setContext(4_000_000));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        String why = robot.lookup("#summary-fits-detail").queryAs(Label.class).getText();
        org.junit.jupiter.api.Assertions.assertFalse(why.isEmpty(), "the verdict says why");
        java.util.Map<String, Double> after = anchors(robot);
        for (var e : before.entrySet()) {
            assertEquals(e.getValue(), after.get(e.getKey()), 1.0, e.getKey() + " moved (" + why + ")");
        }
    }

    /** The scene y of what the pointer aims at: the form's top, the slider, the charts. */
    private java.util.Map<String, Double> anchors(FxRobot robot) {
        java.util.Map<String, Double> out = new java.util.TreeMap<>();
        for (String id : List.of("#sheet", "#context-slider", "#charts")) {
            javafx.scene.Node n = robot.lookup(id).query();
            out.put(id, n.localToScene(0, 0).getY());
        }

        return out;
    }

    private boolean inForm(javafx.scene.Node n) {
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (p == window.sheetView()) {
                return true;
            }
        }
        return false;
    }

    /** Each text field's y in the form's content (scrolling aside). */
    private java.util.Map<String, Double> fieldPositions(FxRobot robot) {
        java.util.Map<String, Double> out = new java.util.TreeMap<>();
        for (TextField tf : robot.lookup(".text-field").queryAllAs(TextField.class)) {
            if (tf.getId() != null && tf.getScene() != null && inForm(tf)) {
                out.put(tf.getId(), tf.localToScene(0, 0).getY());
            }
        }
        return out;
    }
}
