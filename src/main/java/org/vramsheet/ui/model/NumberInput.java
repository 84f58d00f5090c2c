package org.vramsheet.ui.model;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Pattern;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.units.Quantities;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

/**
 * One numeric worksheet field as the form holds it: the raw text (parsed on every keystroke), the
 * parsed value, the parse error, and whether the user has left the field (errors show only then).
 */
public final class NumberInput {
    /** How the text is read and written. */
    public enum Kind { COUNT, BYTES, DECIMAL }

    private final String key;
    private final Kind kind;
    private final String unit;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final BooleanProperty touched = new SimpleBooleanProperty(this, "touched", false);
    /** Russian style: typed and shown with a decimal comma and spaces between thousands. */
    private boolean decimalComma;
    private final ObjectBinding<Number> value;
    private final StringBinding parseError;

    private static final Pattern FRACTION_WITHOUT_UNIT =
            Pattern.compile("-?[0-9_]*\\.[0-9]+");

    public NumberInput(String key, Kind kind, String unit) {
        this.key = key;
        this.kind = kind;
        this.unit = unit;
        this.value = Bindings.createObjectBinding(() -> parse(text.get()), text);
        this.parseError = Bindings.createStringBinding(() -> {
            String t = text.get();
            if (t == null || t.isBlank() || value.get() != null) {
                return null;
            }
            String digits = t.trim().replaceAll("[ _,\u00a0\u202f]", "");
            if (kind != Kind.DECIMAL && digits.matches("-?\\d{19,}")) {
                return "too large: '" + t.trim() + "' (a whole number up to 9,223,372,036,854,775,807)";
            }
            return switch (kind) {
                case BYTES -> "not a number: '" + t.trim() + "' (bytes, or a size such as 80 GiB)";
                case DECIMAL -> "not a number: '" + t.trim() + "'";
                case COUNT -> "not a whole number: '" + t.trim() + "'";
            };
        }, text, value);
    }

    private Number parse(String t) {
        if (t == null || t.isBlank()) {
            return null;
        }
        if (decimalComma) {
            // "1 234,5" -> "1234.5"; a comma is never a thousands separator here, so "131,072" is
            // 131.072 and, for a whole quantity without a unit, not a whole number rather than 131
            t = t.trim().replaceAll("(\\d)[ \u00a0\u202f](?=\\d)", "$1").replace(',', '.');
            if (kind != Kind.DECIMAL && FRACTION_WITHOUT_UNIT.matcher(t).matches()) {
                return null;
            }
        }
        if (kind == Kind.DECIMAL) {
            try {
                double d = Double.parseDouble(t.trim().replace(",", ".").replace("%", ""));
                return Double.isFinite(d) ? d : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        Long v = Quantities.parse(t);
        if (v == null) {
            return null;
        }
        if (kind == Kind.COUNT) {
            String unitPart = t.trim().replaceAll("^[-0-9_,.\\u00a0 ]+", "");
            if (!unitPart.isEmpty() && !unitPart.equalsIgnoreCase("k") && !unitPart.equalsIgnoreCase("ki")
                    && !unitPart.equalsIgnoreCase("m") && !unitPart.equalsIgnoreCase("mi")) {
                return null;
            }
        }
        return v;
    }

    public String key() { return key; }

    public String label() { return Fields.label(key); }

    /** The field name without its section: "Attention layers". */
    public String shortLabel() {
        String l = label();
        int i = l.indexOf('›');
        return i >= 0 ? l.substring(i + 1).trim() : l;
    }

    public Kind kind() { return kind; }

    public String unit() { return unit; }

    public StringProperty textProperty() { return text; }

    public BooleanProperty touchedProperty() { return touched; }

    public ObjectBinding<Number> valueProperty() { return value; }

    public StringBinding parseErrorProperty() { return parseError; }

    public Long longValue() {
        Number n = value.get();
        return n == null ? null : n.longValue();
    }

    public Integer intValue() {
        Number n = value.get();
        if (n == null) {
            return null;
        }
        long l = n.longValue();
        // out-of-range ints become their saturated value so the validator says "absurdly large"
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, l));
    }

    public Double doubleValue() {
        Number n = value.get();
        return n == null ? null : n.doubleValue();
    }

    /** Shows a value from a worksheet: exact, grouped, bytes in their shortest exact unit. */
    public void load(Number v) {
        touched.set(false);
        show(v);
    }

    /** Writes a value into the text as {@link #load} does, leaving the touched flag alone. */
    public void show(Number v) {
        String s;
        if (v == null) {
            s = "";
        } else if (kind == Kind.BYTES) {
            s = Quantities.bytes(v.longValue());
        } else if (kind == Kind.DECIMAL) {
            s = new BigDecimal(v.toString()).stripTrailingZeros().toPlainString().toLowerCase(Locale.ROOT);
        } else {
            s = Units.grouped(v.longValue());
        }
        text.set(decimalComma ? Texts.commaStyle(s) : s);
    }

    /**
     * Switches between English style (131,072 and 0.92) and Russian style (131 072 and 0,92); a text
     * that reads as a number is rewritten in the new style, one that does not is left as typed.
     */
    public void setDecimalComma(boolean on) {
        if (on == decimalComma) {
            return;
        }
        Number v = value.get();
        decimalComma = on;
        value.invalidate();
        if (v != null) {
            show(v);
        }
    }

    public boolean decimalComma() { return decimalComma; }
}
