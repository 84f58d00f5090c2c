package org.vramsheet.io.model.gguf;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.Messages;
import org.vramsheet.io.gguf.GgufFile;

/**
 * A GGUF file's metadata read as the importer needs it: whole numbers in a range, per-layer arrays (a scalar stands for
 * every layer, an array must have one entry per layer, as llama-model-loader.cpp {@code get_key_or_arr} requires:
 * "key %s has wrong array length"), bool arrays, strings. Keys named by suffix are the architecture's
 * ({@code <general.architecture>.<suffix>}, gguf-py/gguf/constants.py {@code Keys.LLM}). A value of the wrong type or
 * out of range is refused with a {@link BadKey} naming the key and why, never read as something else.
 */
final class GgufKeys {
    /** A metadata value the importer cannot use; the message names the key. */
    static final class BadKey extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadKey(String message) { super(message); }
    }

    private final Map<String, Object> meta;
    private final String arch;

    GgufKeys(GgufFile f) {
        meta = f.metadata();
        Object a = meta.get("general.architecture");
        if (a == null) {
            throw new BadKey("no 'general.architecture': not a model file (a vision projector, a LoRA adapter or an imatrix?)");
        }
        if (!(a instanceof String s) || s.isBlank()) {
            throw new BadKey("'general.architecture' " + kind(a) + ", not an architecture name");
        }
        if (!s.strip().matches("[A-Za-z0-9._-]{1,64}")) {
            throw new BadKey("'general.architecture' holds '" + Messages.oneLine(s) + "', not an architecture name (letters, digits, "
                    + "dots, dashes and underscores, as llama-arch.cpp names them)");
        }
        arch = s.strip();
    }

    /** {@code general.architecture}, e.g. "llama", "gemma3", "gpt-oss". */
    String arch() { return arch; }

    /** The architecture's key for a suffix: "attention.head_count_kv" is "llama.attention.head_count_kv". */
    String key(String suffix) { return arch + "." + suffix; }

    boolean has(String suffix) { return meta.containsKey(key(suffix)); }

    /** The architecture's whole number {@code suffix} in [min, max], or null when absent. */
    Long count(String suffix, long min, long max) {
        return countKey(key(suffix), min, max);
    }

    /** A whole number under its full key in [min, max], or null when absent. */
    Long countKey(String key, long min, long max) {
        Object v = meta.get(key);
        return v == null ? null : whole(v, "'" + key + "'", min, max);
    }

    /** A required count: refused naming the key and what it is needed for when absent. */
    long required(String suffix, long min, long max, String why) {
        Long v = count(suffix, min, max);
        if (v == null) {
            throw new BadKey("no '" + key(suffix) + "': " + why);
        }
        return v;
    }

    /** Whether a key holds an array. */
    boolean isArray(String suffix) { return meta.get(key(suffix)) instanceof List; }

    /**
     * One whole number per layer: a scalar for every layer, or an array of exactly {@code layers} entries; null when
     * absent.
     */
    long[] perLayer(String suffix, int layers, long min, long max) {
        String key = key(suffix);
        Object v = meta.get(key);
        if (v == null) {
            return null;
        }
        long[] out = new long[layers];
        if (!(v instanceof List<?> list)) {
            Arrays.fill(out, whole(v, "'" + key + "'", min, max));
            return out;
        }
        lengthMatches(key, list, layers);
        for (int i = 0; i < layers; i++) {
            out[i] = whole(list.get(i), "'" + key + "' entry " + i, min, max);
        }
        return out;
    }

    /** A per-layer bool array (true, false, or the integers 1 and 0), null when absent or not an array. */
    boolean[] flags(String suffix, int layers) {
        String key = key(suffix);
        if (!(meta.get(key) instanceof List<?> list)) {
            return null;
        }
        lengthMatches(key, list, layers);
        boolean[] out = new boolean[layers];
        for (int i = 0; i < layers; i++) {
            Object e = list.get(i);
            if (e instanceof Boolean b) {
                out[i] = b;
            } else {
                out[i] = whole(e, "'" + key + "' entry " + i, 0, 1) == 1;
            }
        }
        return out;
    }

    /** A string under its full key, or null when absent; refused when the key holds another type. */
    String text(String key) {
        Object v = meta.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new BadKey("'" + key + "' " + kind(v) + ", not a text");
        }
        return s;
    }

    /** The number of entries of an array under its full key, or null when absent. */
    Integer entries(String key) {
        Object v = meta.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof List<?> list)) {
            throw new BadKey("'" + key + "' " + kind(v) + ", not an array");
        }
        return list.size();
    }

    private static void lengthMatches(String key, List<?> list, int layers) {
        if (list.size() != layers) {
            throw new BadKey("'" + key + "' has " + Units.grouped(list.size()) + " entries for " + Units.grouped(layers)
                    + " layers: one per layer or a single value");
        }
    }

    private static long whole(Object v, String what, long min, long max) {
        long n;
        if (v instanceof Long l) {
            n = l;
        } else if (v instanceof BigInteger b) {
            throw new BadKey(what + " is " + b + ": above the largest the sheet takes (" + Units.grouped(max) + ")");
        } else {
            throw new BadKey(what + " " + kind(v) + ", not a whole number");
        }
        if (n < min) {
            throw new BadKey(what + " is " + (n < 0 ? "-" + Units.grouped(-Math.max(n, -Long.MAX_VALUE)) : Units.grouped(n))
                    + ": must be at least " + Units.grouped(min));
        }
        if (n > max) {
            throw new BadKey(what + " is " + Units.grouped(n) + ": above the largest the sheet takes (" + Units.grouped(max) + ")");
        }
        return n;
    }

    /** "holds a string" and the like, for a value of an unexpected type. */
    static String kind(Object v) {
        if (v instanceof String) {
            return "holds a text";
        }
        if (v instanceof Double) {
            return "holds a decimal number";
        }
        if (v instanceof Boolean) {
            return "holds a true/false value";
        }
        if (v instanceof List) {
            return "holds an array";
        }
        return v instanceof Long || v instanceof BigInteger ? "holds a whole number" : "holds a value of an unknown type";
    }
}
