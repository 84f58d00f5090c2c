package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** A config.json as read: the language model's keys (nested text_config first), with typed getters. */
final class HfConfig {
    final JsonNode root;
    final JsonNode text;

    HfConfig(JsonNode root) {
        this.root = root;
        JsonNode t = root.get("text_config");
        this.text = t != null && t.isObject() ? t : null;
    }

    JsonNode node(String key) {
        if (text != null && text.has(key) && !text.get(key).isNull()) {
            return text.get(key);
        }
        JsonNode n = root.get(key);
        return n == null || n.isNull() ? null : n;
    }

    boolean has(String key) { return node(key) != null; }

    /** The first of the keys that is present, as a long; null when none is. */
    Long num(String... keys) {
        for (String k : keys) {
            JsonNode n = node(k);
            if (n != null && n.isNumber()) {
                return n.asLong();
            }
        }
        return null;
    }

    Integer integer(String... keys) {
        Long v = num(keys);
        return v == null ? null : Math.toIntExact(v);
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
