package org.vramsheet.ui.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.vramsheet.ui.model.NumberInput;

/** The charts' axis labels in the notation the form reads: typing a label gives the tick's value. */
class TicksTest {
    /** Seen (issue 25): the axis said "8K" for 8,192 while "8k" typed meant 8,000. */
    @Test
    void typingAContextAxisLabelGivesTheTicksTokens() {
        assertEquals("512", Ticks.tokenLabel(9));
        assertEquals("8K", Ticks.tokenLabel(13));
        assertEquals("128K", Ticks.tokenLabel(17));
        assertEquals("1M", Ticks.tokenLabel(20));
        NumberInput context = new NumberInput("result.contextLength", NumberInput.Kind.TOKENS, "tokens");
        for (int p = 0; p <= 30; p++) {
            context.textProperty().set(Ticks.tokenLabel(p));
            assertEquals(1L << p, context.longValue(), "label " + Ticks.tokenLabel(p));
        }
        context.textProperty().set("8k");
        assertEquals(8_000L, context.longValue(), "lowercase k is 1,000, as in vLLM: not the axis's 8K");
    }

    @Test
    void typingAConcurrencyAxisLabelGivesTheTicksCount() {
        assertEquals("0", Ticks.countLabel(-1));
        assertEquals("8192", Ticks.countLabel(13));
        assertEquals("16384", Ticks.countLabel(14), "a count takes no suffix (issue 26): digits, as the count field reads them");
        NumberInput sequences = new NumberInput("result.targetSequences", NumberInput.Kind.COUNT, "sequences");
        sequences.textProperty().set(Ticks.countLabel(-1));
        assertEquals(0L, sequences.longValue());
        for (int p = 0; p <= 30; p++) {
            sequences.textProperty().set(Ticks.countLabel(p));
            assertEquals(1L << p, sequences.longValue(), "label " + Ticks.countLabel(p));
        }
    }

    @Test
    void aLabelIsExactOrDigits() {
        assertEquals("724", Ticks.tokenLabel(9.5), "between ticks: the digits, never a rounded K");
        assertEquals("1536K", Ticks.binaryLabel(1_572_864, 1024));
        assertEquals("1000", Ticks.binaryLabel(1000, 1024));
    }
}
