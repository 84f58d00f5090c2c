package org.vramsheet.io.ollama;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.io.Messages;

/**
 * A model's parameters as Ollama stores them (the params blob, {@code application/vnd.ollama.image.params}) or a
 * Modelfile's {@code PARAMETER} lines, typed as Ollama's {@code api.Options} types them (api/types.go {@code Runner} and
 * {@code Options}; {@code FormatParams} for Modelfile text, {@code FromMap} for the blob, where a JSON number is a float64
 * and an integer option takes its whole part). Values: {@link Long}, {@link Double}, {@link Boolean}, or a list of strings
 * ({@code stop}). Parameters of older releases (parser.go {@code deprecatedParameters}, and {@code num_gqa},
 * {@code rope_frequency_base} ...) are kept in {@link #ignored()}: Ollama accepts and ignores them.
 *
 * @param values  the parameters this release uses, by name, in the source's order
 * @param ignored names Ollama accepts but does not use (older releases' parameters; unknown names in a blob)
 */
public record OllamaParams(Map<String, Object> values, List<String> ignored) {
    /** Bytes of a params blob read at most (real ones are under 1 KiB: a few numbers and stop strings). */
    public static final int MAX_BYTES = 1 << 20;

    /** The type of each parameter this project knows, as api.Options declares it. */
    enum Type { INT, FLOAT, BOOL, STRINGS }

    private static final Map<String, Type> KNOWN = known();
    private static final List<String> OLDER = List.of("penalize_newline", "low_vram", "f16_kv", "logits_all", "vocab_only",
            "use_mlock", "mirostat", "mirostat_tau", "mirostat_eta", "num_gqa", "rope_frequency_base", "rope_frequency_scale",
            "tfs_z", "numa", "embedding_only", "use_numa");

    public OllamaParams {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        ignored = List.copyOf(ignored);
    }

    public static OllamaParams none() { return new OllamaParams(Map.of(), List.of()); }

    private static Map<String, Type> known() {
        Map<String, Type> m = new LinkedHashMap<>();
        for (String k : List.of("num_ctx", "num_batch", "num_gpu", "main_gpu", "num_thread", "draft_num_predict", "num_keep",
                "seed", "num_predict", "top_k", "repeat_last_n")) {
            m.put(k, Type.INT);
        }
        for (String k : List.of("top_p", "min_p", "typical_p", "temperature", "repeat_penalty", "presence_penalty",
                "frequency_penalty")) {
            m.put(k, Type.FLOAT);
        }
        m.put("use_mmap", Type.BOOL);
        m.put("stop", Type.STRINGS);
        return Collections.unmodifiableMap(m);
    }

    /** A whole-number parameter (num_ctx, num_batch, num_gpu, num_thread, main_gpu ...), or null when not set. */
    public Long integer(String name) { return values.get(name) instanceof Long l ? l : null; }

    public Long numCtx() { return integer("num_ctx"); }

    public Long numBatch() { return integer("num_batch"); }

    public Long numGpu() { return integer("num_gpu"); }

    public Long numThread() { return integer("num_thread"); }

    /** These parameters with another's on top (a request's over the model's, as {@code Options.FromMap} applies them). */
    public OllamaParams with(OllamaParams over) {
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.putAll(over.values);
        List<String> ig = new ArrayList<>(ignored);
        over.ignored.stream().filter(n -> !ig.contains(n)).forEach(ig::add);
        return new OllamaParams(m, ig);
    }

    /** Reads a params blob's JSON; {@code where} names it in messages. */
    public static OllamaParams parseBlob(String json, String where) throws OllamaStoreException {
        JsonNode root = OllamaJson.object(json, where, MAX_BYTES, "a params blob", "a JSON object of parameters");
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Type t = KNOWN.get(e.getKey());
            if (t == null) {
                ignored.add(Messages.oneLine(e.getKey())); // FromMap: "invalid option provided", skipped
            } else if (!e.getValue().isNull()) {
                out.put(e.getKey(), fromJson(t, e.getValue(), where + ": " + OllamaText.quote(e.getKey())));
            }
        }
        return new OllamaParams(out, ignored);
    }

    private static Object fromJson(Type t, JsonNode v, String where) throws OllamaStoreException {
        switch (t) {
            case INT -> {
                if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
                    throw new OllamaStoreException(where + " must be a whole number, not " + OllamaText.quote(v.toString()));
                }
                return checkedInt(where, v.isIntegralNumber() && v.canConvertToLong() ? v.asLong() : wholePart(where, v.asDouble()));
            }
            case FLOAT -> {
                if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
                    throw new OllamaStoreException(where + " must be a finite number, not " + OllamaText.quote(v.toString()));
                }
                return v.asDouble();
            }
            case BOOL -> {
                if (!v.isBoolean()) {
                    throw new OllamaStoreException(where + " must be true or false, not " + OllamaText.quote(v.toString()));
                }
                return v.asBoolean();
            }
            default -> {
                if (!v.isArray()) {
                    throw new OllamaStoreException(where + " must be a list of strings, not " + OllamaText.quote(v.toString()));
                }
                List<String> s = new ArrayList<>();
                for (JsonNode x : v) {
                    if (!x.isTextual()) {
                        throw new OllamaStoreException(where + " must be a list of strings; it holds " + OllamaText.quote(x.toString()));
                    }
                    s.add(x.asText());
                }
                return List.copyOf(s);
            }
        }
    }

    /** A JSON float for an integer option: Go's int64(t) takes the whole part; outside the long range it is refused. */
    private static long wholePart(String where, double d) throws OllamaStoreException {
        if (Math.abs(d) >= 9.2e18) {
            throw new OllamaStoreException(where + " is " + d + ", beyond any whole number Ollama takes");
        }
        return (long) d;
    }

    /** Integer options are sizes and counts: beyond 2^31 no model, GPU or context is meant, so they are refused by name. */
    static long checkedInt(String where, long v) throws OllamaStoreException {
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new OllamaStoreException(where + " is " + v + ", beyond 2^31: not a size Ollama can load");
        }
        return v;
    }

    /**
     * One Modelfile PARAMETER's value, typed (parser.go {@code CreateRequest}: {@code FormatParams} on each line, an
     * unknown name refused); null for an older release's parameter that Ollama accepts and ignores.
     */
    static Object typed(String name, String value, String where) throws OllamaStoreException {
        Type t = KNOWN.get(name);
        if (t == null && OLDER.contains(name)) {
            return null;
        }
        if (t == null) {
            throw new OllamaStoreException(where + ": unknown parameter (Ollama refuses it too)");
        }
        return fromText(t, List.of(value), where);
    }

    private static Object fromText(Type t, List<String> vals, String where) throws OllamaStoreException {
        String v = vals.get(0).strip();
        try {
            return switch (t) {
                case INT -> checkedInt(where, Long.parseLong(v));
                case FLOAT -> finite(decimal(v), where);
                case BOOL -> bool(v, where);
                default -> List.copyOf(vals);
            };
        } catch (NumberFormatException e) {
            throw new OllamaStoreException(where + ": " + OllamaText.quote(v) + " is not "
                    + (t == Type.INT ? "a whole number" : "a number"));
        }
    }

    /** A decimal number as Go's ParseFloat reads one (no "1.5f", no hex): Java's parseDouble alone takes more. */
    private static double decimal(String v) {
        if (!v.matches("[+-]?(?:[0-9]{1,400}(?:\\.[0-9]{0,400})?|\\.[0-9]{1,400})(?:[eE][+-]?[0-9]{1,5})?")) {
            throw new NumberFormatException(v);
        }
        return Double.parseDouble(v);
    }

    private static double finite(double d, String where) throws OllamaStoreException {
        if (!Double.isFinite(d)) {
            throw new OllamaStoreException(where + ": " + d + " is not a finite number");
        }
        return d;
    }

    /** Go's strconv.ParseBool: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False. */
    private static boolean bool(String v, String where) throws OllamaStoreException {
        return switch (v) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            case "0", "f", "F", "FALSE", "false", "False" -> false;
            default -> throw new OllamaStoreException(where + ": " + OllamaText.quote(v) + " is not true or false");
        };
    }
}
