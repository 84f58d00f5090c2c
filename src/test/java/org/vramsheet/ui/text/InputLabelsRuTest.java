package org.vramsheet.ui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;

/** Every input's Russian label is the one declared with it, and its "SECTION › Field" label translates whole. */
class InputLabelsRuTest {
    @Test
    void everyInputSpeaksRussian() {
        Texts ru = Texts.of("ru");
        for (InputDecl d : Inputs.all()) {
            assertEquals(d.labelRu(), ru.t(d.label()), d.key());
            // a label with a colon ("Activation peak (empty: estimate)") reads as "field: message" in messages
            assertTrue(d.label().contains(":") || ru.untranslated(d.fieldLabel()).isEmpty(),
                    d.key() + ": " + ru.untranslated(d.fieldLabel()));
        }
    }
}
