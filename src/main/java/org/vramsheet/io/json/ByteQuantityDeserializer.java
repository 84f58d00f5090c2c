package org.vramsheet.io.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.math.BigDecimal;
import org.vramsheet.core.units.Quantities;

/**
 * Reads a whole number, or a string with a unit for hand-written files: "79.19 GiB", "141 GB", "32K"
 * tokens, "1_000". Fractions of a unit round to the nearest byte; anything else is a clear error.
 */
final class ByteQuantityDeserializer extends StdScalarDeserializer<Long> {
    private static final long serialVersionUID = 1L;

    ByteQuantityDeserializer() {
        super(Long.class);
    }

    @Override
    public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            BigDecimal d = p.getDecimalValue();
            if (d.stripTrailingZeros().scale() > 0) {
                return (Long) ctxt.handleWeirdNumberValue(Long.class, d, "not a whole number");
            }
            return d.longValueExact();
        }
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_STRING) {
            String text = p.getText().trim();
            if (text.isEmpty()) {
                return null;
            }
            Long v = parse(text);
            if (v == null) {
                return (Long) ctxt.handleWeirdStringValue(Long.class, text.length() > 40 ? text.substring(0, 40) + "…" : text,
                        "not a number (a whole number, or a size such as \"80 GiB\"; a dot is the decimal mark)");
            }
            return v;
        }
        return (Long) ctxt.handleUnexpectedToken(Long.class, p);
    }

    static Long parse(String text) {
        return Quantities.parse(text);
    }
}
