package org.vramsheet.ui.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.vramsheet.ui.text.Texts;

/**
 * RUNTIME › Tensor split as typed: one share per GPU, as llama.cpp's {@code --tensor-split 3,1} takes them. In English a
 * comma (or ";" or "/") separates the shares and a dot is the decimal mark ("0.6,0.4"); in Russian the comma is the
 * decimal mark, so ";" or "/" separates them ("0,6; 0,4").
 */
final class SplitText {
    private SplitText() { }

    /** The shares as read, each a value or why it is not one; empty for an empty text. */
    static List<TypedNumber.Read> read(String text, boolean decimalComma) {
        List<TypedNumber.Read> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String s : text.split(decimalComma ? "[;/]" : "[,;/]")) {
            out.add(s.isBlank() ? new TypedNumber.Read(null, "a share is missing between two separators")
                    : TypedNumber.read(s.trim(), NumberInput.Kind.DECIMAL, "", decimalComma));
        }
        return out;
    }

    /** The first share that is not a number, as its reason; null when every one is. */
    static String error(List<TypedNumber.Read> shares) {
        return shares.stream().map(TypedNumber.Read::error).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** The shares, or an empty list while one is not a number (the issue says why). */
    static List<Double> values(List<TypedNumber.Read> shares) {
        if (error(shares) != null || shares.stream().anyMatch(r -> r.value() == null)) {
            return List.of();
        }
        return shares.stream().map(r -> r.value().doubleValue()).toList();
    }

    /** "3, 1" in English, "3; 1" in Russian (a decimal share with the language's mark). */
    static String show(List<Double> shares, boolean decimalComma) {
        StringBuilder b = new StringBuilder();
        for (Double d : shares) {
            String s = d == null ? "" : new BigDecimal(d.toString()).stripTrailingZeros().toPlainString();
            b.append(b.length() == 0 ? "" : decimalComma ? "; " : ", ").append(decimalComma ? Texts.commaStyle(s) : s);
        }
        return b.toString();
    }
}
