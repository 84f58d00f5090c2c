package org.vramsheet.cli;

import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.core.units.Units;

/** A numeric option read by the sheet's number grammar, as the worksheet reads the field it stands for. */
final class NumberOptions {
    private NumberOptions() { }

    /** The value, or bad input naming the option: "--context: not a whole number: '8.5k5'". */
    static long read(String option, String value, NumberGrammar.Kind kind) {
        NumberGrammar.Read r = NumberGrammar.read(value, kind);
        if (r.value() == null) {
            throw new Subcommand.BadInput(option + ": " + (r.error() == null ? "needs a value" : r.error()));
        }
        return r.value();
    }

    /** As {@link #read}, for an option that is an int. */
    static int readInt(String option, String value, NumberGrammar.Kind kind) {
        long v = read(option, value, kind);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new Subcommand.BadInput(option + ": too large: '" + value.trim() + "' (a whole number up to "
                    + Units.grouped(Integer.MAX_VALUE) + ")");
        }
        return (int) v;
    }
}
