package org.vramsheet.io.gguf;

import java.io.IOException;
import java.util.Locale;
import org.vramsheet.io.Messages;

/**
 * A GGUF file that cannot be read as it claims to be: the message names the key or tensor and the byte offset where
 * reading stopped, and why (truncated, an absurd count, an unknown value type). An {@link IOException}, so callers that
 * read other model files catch it the same way.
 */
public class GgufException extends IOException {
    private static final long serialVersionUID = 1L;

    public GgufException(String message) {
        super(Messages.oneLine(message));
    }

    /** A name from the file, quoted and cut short, control characters escaped. */
    static String quote(String name) {
        return Messages.quote(name == null ? "" : name);
    }

    /** A byte count or offset with thousands separators: "1,234,567". */
    static String num(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
