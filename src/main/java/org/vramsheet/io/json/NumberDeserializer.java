package org.vramsheet.io.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.core.units.Units;

/**
 * Reads a whole-number field (Long or Integer) by the sheet's number grammar for its declared kind
 * ({@link InputDecl#grammar}): a JSON number, or a string with the suffixes its kind takes ("79.19 GiB", "32K" tokens,
 * "70B" parameters). A fraction, a suffix the kind does not take or a value past the type's range is an error that the
 * reader reports with the field's path. A field that is not a declared input reads as a plain count.
 */
final class NumberDeserializer<T extends Number> extends StdScalarDeserializer<T> implements ContextualDeserializer {
    private static final long serialVersionUID = 1L;
    /** Every record a worksheet holds, to the key prefix of its fields ("validation.setup.", "kv.windows[]."). */
    private static final Map<Class<?>, String> PREFIXES = prefixes();

    private final Class<T> type;
    private final NumberGrammar.Kind kind;

    NumberDeserializer(Class<T> type, NumberGrammar.Kind kind) {
        super(type);
        this.type = type;
        this.kind = kind;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        NumberGrammar.Kind k = property == null ? null : kindOf(property.getMember().getDeclaringClass(), property.getName());
        return new NumberDeserializer<>(type, k == null ? NumberGrammar.Kind.COUNT : k);
    }

    /** The grammar of a record's field when it is a declared whole-number input, else null. */
    static NumberGrammar.Kind kindOf(Class<?> record, String field) {
        String prefix = PREFIXES.get(record);
        InputDecl d = prefix == null ? null : Inputs.find(prefix + field);
        return d == null ? null : d.grammar();
    }

    @Override
    public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        NumberGrammar.Read r;
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            BigDecimal d = p.getDecimalValue();
            r = d.stripTrailingZeros().scale() > 0 ? new NumberGrammar.Read(null, "not a whole number: '" + p.getText() + "'")
                    : d.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0
                    ? new NumberGrammar.Read(null, NumberGrammar.tooLarge(p.getText())) : new NumberGrammar.Read(d.longValueExact(), null);
        } else if (t == JsonToken.VALUE_STRING) {
            String text = p.getText().trim();
            if (text.isEmpty()) {
                return null;
            }
            r = NumberGrammar.read(text, kind);
        } else {
            return type.cast(ctxt.handleUnexpectedToken(type, p));
        }
        if (!r.ok()) {
            return ctxt.reportInputMismatch(this, "%s", r.error());
        }
        long v = r.value();
        if (type == Long.class) {
            return type.cast(v);
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            return ctxt.reportInputMismatch(this, "%s", "out of range: '" + p.getText().trim() + "' (a whole number from "
                    + Units.grouped(Integer.MIN_VALUE) + " to " + Units.grouped(Integer.MAX_VALUE) + ")");
        }
        return type.cast((int) v);
    }

    private static Map<Class<?>, String> prefixes() {
        Map<Class<?>, String> out = new HashMap<>();
        walk(Worksheet.class, "", out);
        return Map.copyOf(out);
    }

    /** The record's fields are keyed "prefix.name"; a list of records "prefix.name[].field"; the first path wins. */
    private static void walk(Class<?> type, String prefix, Map<Class<?>, String> out) {
        if (!type.isRecord() || out.containsKey(type)) {
            return;
        }
        out.put(type, prefix);
        for (RecordComponent c : type.getRecordComponents()) {
            if (List.class.isAssignableFrom(c.getType()) && c.getGenericType() instanceof ParameterizedType pt
                    && pt.getActualTypeArguments()[0] instanceof Class<?> item) {
                walk(item, prefix + c.getName() + "[].", out);
            } else {
                walk(c.getType(), prefix + c.getName() + ".", out);
            }
        }
    }
}
