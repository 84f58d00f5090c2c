package org.vramsheet.ui.sections;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.CheckBox;
import org.vramsheet.ui.text.Texts;

/**
 * Ctrl+1 .. Ctrl+9 (View › Go to section): the cursor into the first field of a section of the form, or of one
 * scenario's column (issue 31, Seen 9: Limit › sequences was 47 Tabs from the context field; now Ctrl+6, Tab, Tab).
 */
public final class SectionJump {
    /** The parts the keys go to, in the worksheet's order (English section titles; SIGN-OFF from the menu only). */
    public static final List<String> PARTS = List.of("MODEL", "WEIGHTS", "KV ARCHITECTURE", "TYPICAL", "HEAVY", "LIMIT",
            "RUNTIME", "VALIDATION", "RESULT", "SIGN-OFF");

    private SectionJump() { }

    /** Scrolls the form to {@code part} (one of {@link #PARTS}) and focuses its first field; false when it is not shown. */
    public static boolean go(SheetView form, Texts texts, String part) {
        String title = texts.t(part);
        for (Node n : form.lookupAll("." + Style.SECTION_TITLE)) {
            if (n instanceof Label l && title.equals(l.getText()) && l.getParent() != null) {
                Control first = firstField(l.getParent());
                form.layout();
                form.reveal(l);
                if (first != null) {
                    first.requestFocus();
                } else {
                    l.getParent().requestFocus();
                }
                return true;
            }
        }
        return false;
    }

    private static Control firstField(Parent p) {
        for (Node c : p.getChildrenUnmodifiable()) {
            if (!c.isVisible() || c.isDisabled()) {
                continue;
            }
            if (c instanceof Control k && k.isFocusTraversable() && (k instanceof TextInputControl || k instanceof ComboBoxBase
                    || k instanceof CheckBox || k instanceof ToggleButton)) {
                return k;
            }
            if (c instanceof Parent q) {
                Control found = firstField(q);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
