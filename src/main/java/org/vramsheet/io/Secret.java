package org.vramsheet.io;

/**
 * A key or token from outside (an environment variable, a field): trimmed at both ends (a key file saved with Windows
 * line endings ends in {@code \r}), and refused when a control character or a character outside printable ASCII is
 * left inside, with a reason that names where it came from and never shows the value. {@link #toString} never shows it
 * either, so a secret cannot reach a message, a log or a header check's exception by accident.
 */
public final class Secret {
    /** Echoes of the value shorter than this are not masked (they would mask ordinary words). */
    private static final int MIN_MASKED = 4;

    private final String source;
    private final String value;
    private final String problem;

    private Secret(String source, String value, String problem) {
        this.source = source;
        this.value = value;
        this.problem = problem;
    }

    /**
     * The secret {@code raw} from {@code source} (such as {@code "VRAMSHEET_API_KEY"}): absent when null or blank,
     * refused when what is left after trimming holds a character a header may not carry.
     */
    public static Secret of(String source, String raw) {
        String v = raw == null ? "" : raw.strip();
        if (v.isEmpty()) {
            return new Secret(source, null, null);
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                return new Secret(source, null, source + " holds a control character (a line break, tab or escape) at "
                        + "character " + (i + 1) + " of " + v.length() + ": give the key alone on one line (its value is "
                        + "not shown)");
            }
            if (c < 0x20 || c > 0x7e) {
                return new Secret(source, null, source + " holds a character outside printable ASCII at character "
                        + (i + 1) + " of " + v.length() + ": keys and tokens are ASCII (its value is not shown)");
            }
        }
        return new Secret(source, v, null);
    }

    /** Where the secret came from: the environment variable or field named in messages. */
    public String source() { return source; }

    /** Whether a usable value was given. */
    public boolean present() { return value != null; }

    /** Why the value given cannot be used (one line, without the value), or null when it can or none was given. */
    public String problem() { return problem; }

    /** The trimmed value, for the Authorization header only; null when absent or refused. */
    public String value() { return value; }

    /** {@code text} with every echo of the value masked as {@code ***} (a server that repeats the key back). */
    public String mask(String text) {
        if (text == null || value == null || value.length() < MIN_MASKED) {
            return text;
        }
        return text.replace(value, "***");
    }

    @Override
    public String toString() {
        return "Secret[" + source + (value != null ? ", set" : problem != null ? ", refused" : ", not set") + "]";
    }
}
