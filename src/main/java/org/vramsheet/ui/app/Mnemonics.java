package org.vramsheet.ui.app;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/**
 * Alt + an underlined letter (issue 31, Seen 9), in whichever language the window is in: each menu of the bar, each
 * item of a menu and the main buttons get the first letter of a word (else any letter) that no sibling has taken.
 */
final class Mnemonics {
    /**
     * The main window's buttons that get a letter, by id (the rest are reached with Tab). Compare toggles on its letter
     * (sections VariantBar: a mnemonic's bare ActionEvent does not toggle a plain ToggleButton).
     */
    static final List<String> MAIN_BUTTONS = List.of("variant-new", "variant-compare", "estimate-nonkv", "paste-log", "measure-server",
            "signOff-approve", "gpu-fit-use");

    private Mnemonics() { }

    /** The bar's menus, and within each menu its items (submenus too; Open Recent's file names keep their underscores). */
    static Set<Character> assign(MenuBar bar) {
        Set<Character> top = new HashSet<>();
        for (Menu m : bar.getMenus()) {
            m.setText(mark(m.getText(), top));
            items(m.getItems());
        }
        return top;
    }

    private static void items(List<MenuItem> items) {
        Set<Character> taken = new HashSet<>();
        for (MenuItem i : items) {
            if (i instanceof SeparatorMenuItem || i.getText() == null || !i.isMnemonicParsing()) {
                continue;
            }
            i.setText(mark(i.getText(), taken));
            if (i instanceof Menu sub && !"menu-recent".equals(sub.getId())) {
                items(sub.getItems());
            }
        }
    }

    /** The main buttons under {@code root}, avoiding the menus' letters {@code taken}. */
    static void assign(Parent root, Set<Character> taken) {
        Set<Character> used = new HashSet<>(taken);
        for (String id : MAIN_BUTTONS) {
            Node n = root.lookup("#" + id);
            if (n instanceof Labeled l && l.getText() != null && !l.getText().contains("_")) {
                l.setMnemonicParsing(true);
                l.setText(mark(l.getText(), used));
                // a button whose text changes ("+ Variant", then "+") marks its new text with a letter no other has
                l.textProperty().addListener((o, was, now) -> {
                    if (now != null && !now.contains("_")) {
                        used.remove(letter(was)); // its own letter (a symbol alone, "+", gets none)
                        l.setText(mark(now, used));
                    }
                });
            }
        }
    }

    /** The letter after a text's mnemonic underscore, lower case (0: none). */
    static char letter(String text) {
        int i = text == null ? -1 : text.indexOf('_');
        return i >= 0 && i + 1 < text.length() ? Character.toLowerCase(text.charAt(i + 1)) : 0;
    }

    /** {@code text} with "_" before its mnemonic letter (added to {@code taken}); unchanged when every letter is taken. */
    static String mark(String text, Set<Character> taken) {
        if (text.contains("_")) {
            return text.replace("_", "__"); // (a literal underscore, no letter: keep it shown)
        }
        int at = -1;
        for (int i = 0; i < text.length() && at < 0; i++) {
            boolean wordStart = i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1));
            if (wordStart && free(text.charAt(i), taken)) {
                at = i;
            }
        }
        for (int i = 0; i < text.length() && at < 0; i++) {
            if (free(text.charAt(i), taken)) {
                at = i;
            }
        }
        if (at < 0) {
            return text;
        }
        taken.add(Character.toLowerCase(text.charAt(at)));
        return text.substring(0, at) + "_" + text.substring(at);
    }

    private static boolean free(char c, Set<Character> taken) {
        return Character.isLetter(c) && !taken.contains(Character.toLowerCase(c));
    }

    /** The text a mnemonic-marked label shows (for tests and lookups). */
    static String shown(String text) {
        return text.replaceFirst("_(?=[^_])", "").replace("__", "_");
    }
}
