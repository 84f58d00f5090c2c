package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.WorksheetJson;

/** A config.json as read: the language model's keys (nested text_config first), with typed getters. */
final class HfConfig {
    final JsonNode root;
    final JsonNode text;
    /** The config class defaults of the (text) model_type, and the ones a read has used, in order. */
    private final Map<String, Object> defaults;
    private final Map<String, Object> used = new LinkedHashMap<>();

    HfConfig(JsonNode root) {
        this.root = root;
        JsonNode t = root.get("text_config");
        this.text = t != null && t.isObject() ? t : null;
        String inner = text != null ? text.path("model_type").asText("") : "";
        this.defaults = ConfigDefaults.of(!inner.isEmpty() ? inner : root.path("model_type").asText(""));
    }

    /** A sub-config (vision_config, audio_config) read with its own model_type's defaults. */
    static HfConfig sub(JsonNode node) {
        return new HfConfig(node);
    }

    JsonNode node(String key) {
        if (text != null && text.has(key) && !text.get(key).isNull()) {
            return text.get(key);
        }
        JsonNode n = root.get(key);
        if (n != null && !n.isNull()) {
            return n;
        }
        boolean explicitNull = n != null || text != null && text.has(key);
        Object d = explicitNull ? null : defaults.get(key);
        if (d == null) {
            return null;
        }
        used.putIfAbsent(key, d);
        return WorksheetJson.shared().valueToTree(d);
    }

    /** "max_position_embeddings = 131,072" for each default a read used (transformers' config class filled it). */
    List<String> defaultsUsed() {
        List<String> out = new ArrayList<>();
        used.forEach((k, v) -> out.add(k + " = " + (v instanceof Number n && !(v instanceof Double)
                ? Units.grouped(n.longValue()) : v)));
        return out;
    }

    /** The config class whose defaults fill absent keys, or null. */
    String defaultsClass() {
        String inner = text != null ? text.path("model_type").asText("") : "";
        return ConfigDefaults.className(!inner.isEmpty() ? inner : root.path("model_type").asText(""));
    }

    boolean has(String key) { return node(key) != null; }

    /** A value the config has but that cannot be right; the import refuses it with this one-line reason. */
    static final class BadValue extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadValue(String message) { super(message); }
    }

    /**
     * The first of the keys that is present, as a whole number; null when none is. A key that is present but not a
     * whole number ("512" as text, 1.5, 1e400) is refused, never skipped or wrapped.
     */
    Long num(String... keys) {
        for (String k : keys) {
            JsonNode n = node(k);
            if (n == null) {
                continue;
            }
            if (!n.isNumber()) {
                throw new BadValue(k + " must be a number, not " + Messages.quote(n.toString()));
            }
            if (!n.canConvertToExactIntegral() || !n.canConvertToLong()) {
                throw new BadValue(k + " = " + Messages.quote(n.asText()) + " is not a whole number in range");
            }
            return n.asLong();
        }
        return null;
    }

    /** As {@link #num}, within [min, max]; out of range is refused naming the key and the range. */
    Long num(long min, long max, String... keys) {
        Long v = num(keys);
        if (v != null && (v < min || v > max)) {
            throw new BadValue(keys[0] + " = " + Units.grouped(v) + " is out of range ("
                    + Units.grouped(min) + " to " + Units.grouped(max) + ")");
        }
        return v;
    }

    /** A period or step (a layer pattern's): absent gives the default; present must be 1 to 10,000. */
    long period(String key, long dflt) {
        Long v = num(1, ConfigLimits.MAX_LAYERS, key);
        return v == null ? dflt : v;
    }

    String str(String... keys) {
        for (String k : keys) {
            JsonNode n = node(k);
            if (n != null && n.isTextual()) {
                return n.asText();
            }
        }
        return null;
    }

    boolean bool(String key, boolean dflt) {
        JsonNode n = node(key);
        return n != null && n.isBoolean() ? n.asBoolean() : dflt;
    }

    List<String> strings(String key) {
        List<String> out = new ArrayList<>();
        JsonNode n = node(key);
        if (n != null && n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        }
        return out;
    }

    String modelType() {
        String top = root.path("model_type").asText("");
        String inner = text != null ? text.path("model_type").asText("") : "";
        return !top.isEmpty() ? top : inner;
    }

    String architecture() {
        JsonNode a = root.get("architectures");
        return a != null && a.isArray() && a.size() > 0 ? a.get(0).asText() : "";
    }
}
