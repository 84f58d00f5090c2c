package org.vramsheet.ui.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

/**
 * One numeric worksheet field as the form holds it: the raw text (parsed on every keystroke), the
 * parsed value, the parse error, and whether the user has left the field (errors show only then).
 * How text is read (decimal mark per language, units, k / K) is {@link TypedNumber}'s rule.
 */
public final class NumberInput {
    /** How the text is read and written: a count, a parameter count (70B), a token count (vLLM's k / K), bytes, a decimal. */
    public enum Kind { COUNT, PARAMS, TOKENS, BYTES, DECIMAL }

    private final String key;
    private final Kind kind;
    private final String unit;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final BooleanProperty touched = new SimpleBooleanProperty(this, "touched", false);
    /** Russian style: typed and shown with a decimal comma and spaces between thousands. */
    private boolean decimalComma;
    private final ObjectBinding<TypedNumber.Read> reading;
    private final ObjectBinding<Number> value;
    private final StringBinding parseError;

    /**
     * @param unit what the field's label names; for BYTES the unit a number without one is read in and values are
     *             shown in, "GiB" or "MiB" (empty: GiB)
     */
    public NumberInput(String key, Kind kind, String unit) {
        this.key = key;
        this.kind = kind;
        this.unit = kind == Kind.BYTES && unit.isEmpty() ? "GiB" : unit;
        if (kind == Kind.BYTES) {
            TypedNumber.unitBytes(this.unit); // a byte field shows GiB or MiB: anything else is a mistake here
        }
        this.reading = Bindings.createObjectBinding(() -> TypedNumber.read(text.get(), kind, this.unit, decimalComma), text);
        this.value = Bindings.createObjectBinding(() -> reading.get().value(), reading);
        // on the value as well: then it is invalid before the value's listeners (the sheet's recalculation) run
        this.parseError = Bindings.createStringBinding(() -> reading.get().error(), reading, value);
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

    /** The prompt of an empty field: how a number is read there ("GiB; or type 141 GB, 512 MiB"); empty if plain. */
    public String hint() {
        return switch (kind) {
            case BYTES -> unit.equals("GiB") ? "GiB; or type 141 GB, 512 MiB" : "MiB; or type 64 KiB, 1.5 GiB";
            case TOKENS -> "tokens; 8k = 8,000, 8K = 8,192";
            case PARAMS -> "parameters; 70B = 70,000,000,000";
            case COUNT, DECIMAL -> "";
        };
    }

    /** How the field reads what is typed: its units, then the language's decimal mark (README, "Typing numbers"). */
    public List<String> help() {
        String rule = decimalComma ? "Decimal mark: a comma or a dot; spaces group thousands."
                : "Decimal mark: a dot; a comma groups thousands.";
        return switch (kind) {
            case BYTES -> List.of(unit.equals("GiB") ? "A number alone is in GiB." : "A number alone is in MiB.",
                    "Or give a unit, in any case: B; KB, MB, GB, TB (powers of 10); KiB, MiB, GiB, TiB (powers of 2).", rule);
            case TOKENS -> List.of("Whole tokens, read as vLLM reads --max-model-len: k = 1,000 and m = 1,000,000; "
                    + "K or Ki = 1,024 and M or Mi = 1,048,576 (no fraction with K or M).", rule);
            case PARAMS -> List.of("A whole number of parameters; K, M, B, T = thousand, million, billion, trillion "
                    + "(70B = 70,000,000,000), in either case.", rule);
            case COUNT -> List.of("A whole number, without a unit or suffix.", rule);
            case DECIMAL -> List.of(rule);
        };
    }

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
            s = TypedNumber.bytesText(v.longValue(), unit);
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
        reading.invalidate();
        if (v != null) {
            show(v);
        }
    }

    public boolean decimalComma() { return decimalComma; }
}
