package org.vramsheet.core.input;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.input.InputDecl.Kind;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.units.Units;

/** An input's value as the reports print it, by its declared kind: "1,024", "79.19 GiB (85.03 GB, ... B)", "on". */
public final class InputText {
    private InputText() { }

    /** The value printed; "-" when empty. */
    public static String of(InputDecl d, Object value) {
        if (value == null || value instanceof String s && s.isBlank() || value instanceof List<?> l && l.isEmpty()) {
            return "-";
        }
        return switch (d.kind()) {
            case BYTES -> bytes(((Number) value).longValue());
            case TOKENS, COUNT -> Units.grouped(((Number) value).longValue());
            case PERCENT -> value + " %";
            case DECIMAL -> decimal(((Number) value).doubleValue());
            case BOOLEAN -> (Boolean) value ? "on" : "off";
            case ENUM -> label((Enum<?>) value);
            case LIST -> list(d, value);
            default -> String.valueOf(value);
        };
    }

    /** A real number without a trailing ".0" and without exponent ("3350", "0.8", "2.49"). */
    static String decimal(double v) {
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Bytes as every report row prints them: small ones with their binary unit, large ones in GiB, GB and B. */
    public static String bytes(long n) {
        return Math.abs(n) < Units.GIB / 4 ? Units.bytesText(n)
                : Units.gibText(n) + " (" + Units.gbText(n) + ", " + Units.grouped(n) + " B)";
    }

    /** An enum's own label ("FP8 E4M3"), else its name as a word ("Approved"). */
    public static String label(Enum<?> e) {
        try {
            return String.valueOf(e.getClass().getMethod("label").invoke(e));
        } catch (ReflectiveOperationException | RuntimeException x) {
            String n = e.name().replace('_', ' ');
            return n.charAt(0) + n.substring(1).toLowerCase(Locale.ROOT);
        }
    }

    private static String list(InputDecl d, Object value) {
        if (value instanceof Variants v) {
            return v.isEmpty() ? "-" : String.join(", ", v.names()) + " (shown: " + v.active() + ")";
        }
        List<String> items = new ArrayList<>();
        List<InputDecl> parts = Inputs.parts(d.key());
        for (Object item : (List<?>) value) {
            if (parts.isEmpty()) {
                items.add(item instanceof Double x ? BigDecimal.valueOf(x).stripTrailingZeros().toPlainString()
                        : item instanceof Number n ? Units.grouped(n.longValue()) : String.valueOf(item));
                continue;
            }
            List<String> fields = new ArrayList<>();
            for (InputDecl p : parts) {
                Object v = Inputs.component(item, p.field());
                if (v != null && !(v instanceof String s && s.isBlank())) {
                    fields.add(p.label() + " " + of(p, v));
                }
            }
            items.add(String.join(", ", fields));
        }
        return String.join("; ", items);
    }
}
