package org.vramsheet.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a whole number, or a string with a unit for hand-written files: "79.19 GiB", "141 GB", "32K"
 * tokens, "1_000". Fractions of a unit round to the nearest byte; anything else is a clear error.
 */
final class ByteQuantityDeserializer extends StdScalarDeserializer<Long> {
    private static final long serialVersionUID = 1L;
    private static final Pattern P = Pattern.compile("([0-9][0-9_,]*(?:\\.[0-9]+)?)\\s*([A-Za-z]*)");

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
                return (Long) ctxt.handleWeirdStringValue(Long.class, text,
                        "not a number (a whole number, or a size such as \"80 GiB\")");
            }
            return v;
        }
        return (Long) ctxt.handleUnexpectedToken(Long.class, p);
    }

    /** "79.19 GiB" -> bytes, "32K" -> 32,768? No: K is decimal 1,000; Ki is 1,024. Null when not a quantity. */
    static Long parse(String text) {
        String s = text.trim();
        boolean negative = s.startsWith("-");
        if (negative) {
            s = s.substring(1).trim();
        }
        Matcher m = P.matcher(s);
        if (!m.matches()) {
            return null;
        }
        BigDecimal n = new BigDecimal(m.group(1).replace("_", "").replace(",", ""));
        long mult = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "", "b" -> 1L;
            case "k", "kb" -> 1_000L;
            case "m", "mb" -> 1_000_000L;
            case "g", "gb" -> 1_000_000_000L;
            case "t", "tb" -> 1_000_000_000_000L;
            case "ki", "kib" -> 1L << 10;
            case "mi", "mib" -> 1L << 20;
            case "gi", "gib" -> 1L << 30;
            case "ti", "tib" -> 1L << 40;
            default -> -1L;
        };
        if (mult < 0) {
            return null;
        }
        try {
            long v = n.multiply(BigDecimal.valueOf(mult)).setScale(0, RoundingMode.HALF_UP).longValueExact();
            return negative ? -v : v;
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
