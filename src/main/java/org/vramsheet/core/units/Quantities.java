package org.vramsheet.core.units;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Prints sizes so that they read back exactly through {@link NumberGrammar}: "80 GiB", "79.19 GiB", "1,024". */
public final class Quantities {
    private Quantities() { }

    /** Bytes as the shortest exact text: "80 GiB", "79.19 GiB" when that reads back to the same bytes, else grouped bytes. */
    public static String bytes(long b) {
        for (long unit : new long[] {Units.TIB, Units.GIB, Units.MIB}) {
            if (Math.abs(b) >= unit) {
                String name = unit == Units.TIB ? "TiB" : unit == Units.GIB ? "GiB" : "MiB";
                BigDecimal v = BigDecimal.valueOf(b).divide(BigDecimal.valueOf(unit), 2, RoundingMode.HALF_UP).stripTrailingZeros();
                String text = v.toPlainString() + " " + name;
                Long back = NumberGrammar.read(text, NumberGrammar.Kind.BYTES).value();
                if (back != null && back == b) {
                    return text;
                }
            }
        }
        return Units.grouped(b);
    }
}
