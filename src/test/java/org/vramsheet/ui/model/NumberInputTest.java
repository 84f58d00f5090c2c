package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.units.Units;

class NumberInputTest {
    private static NumberInput input(NumberInput.Kind kind, boolean russian, String text) {
        NumberInput n = new NumberInput("x", kind, "");
        n.setDecimalComma(russian);
        n.textProperty().set(text);
        return n;
    }

    @Test
    void englishStyleReadsCommasAsThousands() {
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, false, "131,072").longValue());
        assertEquals(0.92, input(NumberInput.Kind.DECIMAL, false, "0.92").doubleValue(), 1e-12);
        assertEquals(Math.round(79.19 * Units.GIB), input(NumberInput.Kind.BYTES, false, "79.19 GiB").longValue());
    }

    @Test
    void russianStyleReadsACommaAsTheDecimalMarkAndSpacesAsThousands() {
        assertEquals(0.92, input(NumberInput.Kind.DECIMAL, true, "0,92").doubleValue(), 1e-12);
        assertEquals(1234.5, input(NumberInput.Kind.DECIMAL, true, "1 234,5").doubleValue(), 1e-12);
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, true, "131 072").longValue());
        assertEquals(131_072L, input(NumberInput.Kind.COUNT, true, "131\u00a0072").longValue());
        assertEquals(Math.round(79.19 * Units.GIB), input(NumberInput.Kind.BYTES, true, "79,19 GiB").longValue());
        assertEquals(1_500L, input(NumberInput.Kind.COUNT, true, "1,5 K").longValue(), "a fraction with a unit");
        NumberInput misread = input(NumberInput.Kind.COUNT, true, "131,072");
        assertNull(misread.longValue(), "131,072 is 131.072 here: refused, never silently 131");
        assertEquals("not a whole number: '131,072'", misread.parseErrorProperty().get());
        assertNull(input(NumberInput.Kind.BYTES, true, "1,5").longValue(), "a fraction of a byte");
    }

    @Test
    void switchingStyleRewritesNumbersAndLeavesWhatDoesNotParse() {
        NumberInput n = new NumberInput("x", NumberInput.Kind.COUNT, "");
        n.load(131_072L);
        assertEquals("131,072", n.textProperty().get());
        n.setDecimalComma(true);
        assertEquals("131\u00a0072", n.textProperty().get());
        assertEquals(131_072L, n.longValue());
        NumberInput d = new NumberInput("y", NumberInput.Kind.DECIMAL, "");
        d.load(0.92);
        d.setDecimalComma(true);
        assertEquals("0,92", d.textProperty().get());
        NumberInput bad = new NumberInput("z", NumberInput.Kind.COUNT, "");
        bad.textProperty().set("abc");
        bad.setDecimalComma(true);
        assertEquals("abc", bad.textProperty().get(), "what the user typed stays for them to fix");
        NumberInput b = new NumberInput("w", NumberInput.Kind.BYTES, "");
        b.load(Math.round(79.19 * Units.GIB));
        b.setDecimalComma(true);
        assertEquals("79,19 GiB", b.textProperty().get());
        b.setDecimalComma(false);
        assertEquals("79.19 GiB", b.textProperty().get());
    }

    /** Seen (issue 17): a huge whole number was called "not a whole number". */
    @org.junit.jupiter.api.Test
    void aHugeWholeNumberIsTooLargeNotFractional() {
        NumberInput n = new NumberInput("kv.layers", NumberInput.Kind.COUNT, "layers");
        n.textProperty().set("123456789012345678901234");
        assertEquals("too large: '123456789012345678901234' (a whole number up to 9,223,372,036,854,775,807)",
                n.parseErrorProperty().get());
        n.textProperty().set("abc");
        assertEquals("not a whole number: 'abc'", n.parseErrorProperty().get());
    }
}
