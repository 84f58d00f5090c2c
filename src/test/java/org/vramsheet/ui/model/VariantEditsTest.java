package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.Worksheet;

/** The variant operations on their own: what they apply, and when they refuse, given only what they are handed. */
class VariantEditsTest {
    private final List<Worksheet> applied = new ArrayList<>();
    private boolean readOnly;
    private List<Issue> parse = List.of();
    private Worksheet sheet;

    private VariantEdits edits() throws Exception {
        sheet = SheetViewModelTest.sample("llama-3.1-70b-bf16-h200.json");
        return new VariantEdits(() -> readOnly, () -> sheet, () -> parse, ws -> {
            applied.add(ws);
            sheet = ws;
        });
    }

    @Test
    void eachOperationAppliesOneWholeSheet() throws Exception {
        VariantEdits e = edits();
        assertNull(e.add());
        assertEquals(List.of("A", "B"), sheet.variants().names());
        assertEquals("B", sheet.variants().active());
        assertNull(e.show("B"), "the shown one: nothing to do");
        assertEquals(1, applied.size());
        assertNull(e.show("A"));
        assertNull(e.rename("B", "FP8"));
        assertNull(e.delete("FP8"));
        assertEquals(4, applied.size());
        assertTrue(sheet.variants().isEmpty());
        assertTrue(e.delete("nope") != null, "a refusal from Variants is said, nothing applied");
        assertEquals(4, applied.size());
    }

    @Test
    void refusedOnAnApprovedSheetAndWhileAFieldIsNotANumber() throws Exception {
        VariantEdits e = edits();
        readOnly = true;
        assertTrue(e.add().contains("approved"));
        readOnly = false;
        parse = List.of(new Issue("kv.kvHeads", "KV ARCHITECTURE › KV heads", "not a whole number: 'eight'"));
        assertEquals("First fix this field (its text is not a number):\nKV ARCHITECTURE › KV heads: not a whole number: 'eight'",
                e.add());
        assertTrue(applied.isEmpty());
    }
}
