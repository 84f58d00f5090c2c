package org.vramsheet.ui.model;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The variant operations (new, show, rename, delete), each one undoable edit of the whole sheet. Refused on an Approved
 * sheet (its variants are approved content) and while a field holds text that is not a number: the form would keep
 * only what parses, and the text would be lost. Each returns null when done, else why not.
 */
final class VariantEdits {
    private final BooleanSupplier readOnly;
    private final Supplier<Worksheet> sheet;
    private final Supplier<List<Issue>> parseIssues;
    private final Consumer<Worksheet> apply;

    /**
     * @param sheet       the sheet as the form shows it
     * @param parseIssues the form's fields whose text is not a number
     * @param apply       shows a sheet as one undoable edit
     */
    VariantEdits(BooleanSupplier readOnly, Supplier<Worksheet> sheet, Supplier<List<Issue>> parseIssues,
                 Consumer<Worksheet> apply) {
        this.readOnly = readOnly;
        this.sheet = sheet;
        this.parseIssues = parseIssues;
        this.apply = apply;
    }

    /** A copy of the shown inputs as a new variant (A, B, C...), shown next. */
    String add() {
        return edit(ws -> Variants.add(ws, Variants.nextName(ws)));
    }

    /** Shows another variant in the form (the one shown is kept whole); the shown one again is nothing to do. */
    String show(String name) {
        if (name == null || name.equals(sheet.get().variants().active())) {
            return null;
        }
        return edit(ws -> Variants.switchTo(ws, name));
    }

    String rename(String from, String to) {
        return edit(ws -> Variants.rename(ws, from, to));
    }

    String delete(String name) {
        return edit(ws -> Variants.remove(ws, name));
    }

    private String edit(UnaryOperator<Worksheet> op) {
        if (readOnly.getAsBoolean()) {
            return "The sheet is approved: reopen it as a Draft to change its variants";
        }
        List<Issue> parse = parseIssues.get();
        if (!parse.isEmpty()) {
            return "First fix this field (its text is not a number):\n" + parse.get(0).text();
        }
        try {
            apply.accept(op.apply(sheet.get()));
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
