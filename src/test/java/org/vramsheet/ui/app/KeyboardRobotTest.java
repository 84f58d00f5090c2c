package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/**
 * Issue 31, Seen 9: no mnemonics, no section jump (47 Tabs from the context field to Limit › sequences), no shortcut
 * list in Help. Each is driven here with the keys a user presses.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class KeyboardRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "en", 1280, 800);
    }

    private MenuBar bar() { return (MenuBar) window.scene().lookup(".menu-bar"); }

    /** The letter after the text's mnemonic underscore (0: none). */
    private static char letter(String text) {
        int i = text.indexOf('_');
        return i >= 0 && i + 1 < text.length() ? Character.toLowerCase(text.charAt(i + 1)) : 0;
    }

    /** Every menu and every item of a menu has its own letter, none shared with a sibling. */
    private static void everyMenuHasItsLetter(List<? extends MenuItem> items, String where) {
        Set<Character> seen = new HashSet<>();
        for (MenuItem m : items) {
            if (m instanceof SeparatorMenuItem || !m.isMnemonicParsing()) {
                continue;
            }
            char c = letter(m.getText());
            assertTrue(Character.isLetter(c), where + ": '" + m.getText() + "' has no Alt letter");
            assertTrue(seen.add(c), where + ": '" + m.getText() + "' shares its letter " + c);
            if (m instanceof Menu sub && !"menu-recent".equals(sub.getId())) {
                everyMenuHasItsLetter(sub.getItems(), where + " › " + Mnemonics.shown(sub.getText()));
            }
        }
    }

    @Test
    void menusAndMainButtonsHaveAltLettersInBothLanguages(FxRobot robot) {
        for (String language : List.of("en", "ru")) {
            robot.interact(() -> window = window.switchLanguage(language));
            WaitForAsyncUtils.waitForFxEvents();
            List<MenuItem> top = List.copyOf(bar().getMenus());
            everyMenuHasItsLetter(top, language);
            Set<Character> used = new HashSet<>();
            top.forEach(m -> used.add(letter(m.getText())));
            for (String id : Mnemonics.MAIN_BUTTONS) {
                Labeled b = robot.lookup("#" + id).queryAs(Labeled.class);
                assertTrue(b.isMnemonicParsing() && Character.isLetter(letter(b.getText())), language + ": " + id + " " + b.getText());
                assertTrue(used.add(letter(b.getText())), language + ": " + id + "'s letter is taken: " + b.getText());
            }
        }
        assertEquals("Файл", Mnemonics.shown(bar().getMenus().get(0).getText()));
        assertEquals('ф', letter(bar().getMenus().get(0).getText()));
    }

    @Test
    void altFOpensTheFileMenuAtTheZoomedFont(FxRobot robot) {
        robot.interact(() -> window.zoom().factorProperty().set(1.5));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.sheetView().goTo("model.modelId"));
        robot.push(KeyCode.ALT, KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
        Menu file = bar().getMenus().get(0);
        assertTrue(file.isShowing(), "Alt+F opens File");
        Window popup = Window.getWindows().stream().filter(w -> w instanceof javafx.stage.PopupWindow && w.isShowing())
                .findFirst().orElseThrow();
        Labeled first = (Labeled) popup.getScene().getRoot().lookup(".menu-item .label");
        assertEquals(13 * 1.5, first.getFont().getSize(), 0.01, "the menu's items are zoomed too: " + first.getText());
        robot.push(KeyCode.ESCAPE);
        robot.interact(() -> window.zoom().factorProperty().set(1));
    }

    @Test
    void altAndAButtonsLetterPressesIt(FxRobot robot) {
        Labeled paste = robot.lookup("#paste-log").queryAs(Labeled.class);
        robot.clickOn("#context-text");
        long before = Window.getWindows().stream().filter(Window::isShowing).count();
        // (under Monocle the glass robot's Alt press puts the menu bar in menu mode and takes the next key, so the
        // Alt+letter key event is sent to the focused field, as the keyboard delivers it)
        KeyCode code = KeyCode.getKeyCode(String.valueOf(letter(paste.getText())).toUpperCase());
        robot.interact(() -> javafx.event.Event.fireEvent(window.scene().getFocusOwner(), new javafx.scene.input.KeyEvent(
                javafx.scene.input.KeyEvent.KEY_PRESSED, code.getChar().toLowerCase(), code.getChar().toLowerCase(), code, false,
                false, true, false)));
        WaitForAsyncUtils.waitForFxEvents();
        List<Window> shown = Window.getWindows().stream().filter(Window::isShowing).toList();
        assertEquals(before + 1, shown.size(), "Alt+" + letter(paste.getText()) + " opened 'Paste engine log...'");
        robot.interact(() -> shown.get(shown.size() - 1).hide());
    }

    @Test
    void limitSequencesIsThreeKeysFromTheContextField(FxRobot robot) {
        robot.clickOn("#context-text");
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT6);
        WaitForAsyncUtils.waitForFxEvents();
        robot.push(KeyCode.TAB);
        robot.push(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        Node focus = window.scene().getFocusOwner();
        assertEquals("workloads-limit-concurrentSequences", focus.getId(), "Ctrl+6, Tab, Tab");
        double y = focus.localToScene(0, 0).getY();
        Node form = robot.lookup("#sheet").query();
        javafx.geometry.Bounds f = form.localToScene(form.getLayoutBounds());
        assertTrue(y >= f.getMinY() && y <= f.getMaxY(), "scrolled into view: " + y + " in " + f);
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT1);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("model-modelId", window.scene().getFocusOwner().getId(), "Ctrl+1: MODEL's first field");
    }

    @Test
    void helpListsTheKeyboardShortcuts(FxRobot robot) {
        robot.clickOn("#context-text");
        robot.push(KeyCode.ALT, KeyCode.H);
        WaitForAsyncUtils.waitForFxEvents();
        Menu help = bar().getMenus().get(bar().getMenus().size() - 1);
        assertTrue(help.isShowing(), "Alt+H opens Help");
        MenuItem keys = help.getItems().stream().filter(i -> "menu-shortcuts".equals(i.getId())).findFirst().orElseThrow();
        robot.clickOn((Labeled l) -> keys.getText().equals(l.getText()));
        WaitForAsyncUtils.waitForFxEvents();
        Node list = Window.getWindows().stream().filter(Window::isShowing).map(w -> w.getScene().getRoot().lookup("#shortcuts"))
                .filter(java.util.Objects::nonNull).findFirst().orElseThrow(() -> new AssertionError("no shortcut list"));
        List<String> shown = list.lookupAll(".label").stream().map(n -> ((Labeled) n).getText()).toList();
        assertTrue(shown.contains("Ctrl+1 .. Ctrl+9") && shown.contains("Ctrl + / Ctrl - / Ctrl 0")
                && shown.contains("Alt + underlined letter"), shown.toString());
        robot.interact(() -> ((Window) list.getScene().getWindow()).hide());
    }
}
