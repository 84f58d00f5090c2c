package org.vramsheet.io.probe;

import java.math.BigDecimal;
import java.util.Locale;
import org.vramsheet.io.Messages;

/**
 * What a server says, made safe to show, save and count with: text with every control character escaped (a model ID
 * with an ANSI sequence or a line break cannot repaint the terminal or forge a line of the notes), cut short; numbers
 * whole and within a range, else a one-line refusal that names the metric.
 */
final class ServerText {
    /** The longest server text kept (a model ID, a version, a label). */
    static final int MAX_CHARS = 200;
    /** The longest number text read: more digits than any real count has. */
    private static final int MAX_DIGITS = 40;

    private ServerText() { }

    /** Control characters (newlines too) as {@code \\uXXXX}; at most {@link #MAX_CHARS} characters, then "…". */
    static String escape(String text) {
        String cut = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        String e = Messages.escapeControls(cut).replace("\n", "\\u000a");
        return cut.length() < text.length() ? e + "…" : e;
    }

    /** A whole number from {@code text} in [min, max], or a refusal naming {@code what}; "16.0" and "1e3" are whole. */
    static long whole(String what, String text, long min, long max) throws EngineProbe.ProbeException {
        BigDecimal d = decimal(text);
        if (d == null) {
            throw refusal(what, text, "not a number");
        }
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
            throw refusal(what, text, "not a whole number");
        }
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw refusal(what, text, String.format(Locale.ROOT, "out of range (%,d to %,d)", min, max));
        }
        return d.longValueExact();
    }

    /** A sample's value in [min, max] (never NaN or infinite), or a refusal naming the sample. */
    static double within(String what, double v, double min, double max) throws EngineProbe.ProbeException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw refusal(what, Double.toString(v), "not a finite number");
        }
        if (v < min || v > max) {
            throw refusal(what, Double.toString(v), "out of range (" + plain(min) + " to " + plain(max) + ")");
        }
        return v;
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? String.format(Locale.ROOT, "%,d", (long) d) : Double.toString(d);
    }

    private static BigDecimal decimal(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty() || t.length() > MAX_DIGITS) {
            return null;
        }
        try {
            return new BigDecimal(t);
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    static EngineProbe.ProbeException refusal(String what, String value, String why) {
        return new EngineProbe.ProbeException(what + " = " + Messages.quote(escape(value)) + ": " + why
                + "; nothing recorded");
    }
}
