package org.vramsheet.io.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The GPU catalog's performance figures (org/vramsheet/catalog/gpus.json, each entry's {@code performance}) as GPU ›
 * Performance stores them, by GPU name; read here so that opening an older file can take them without the catalog
 * package (which reads its entries with this package's mapper).
 */
public final class CatalogPerformance {
    private static final Map<String, GpuSpeed> BY_NAME = load();

    private CatalogPerformance() { }

    /** The catalog GPU of exactly this name's performance, with its datasheet source; null when none. */
    public static GpuSpeed speed(String name) { return BY_NAME.get(name); }

    /**
     * A sheet saved before version 8 held no GPU performance: a Draft on a catalog GPU takes the catalog's (the latency
     * estimate is then there at once), each stored variant alike. An Approved sheet opens as it was approved.
     */
    public static Worksheet filled(Worksheet ws) {
        if (ws.signOff().status() == SignOffStatus.APPROVED) {
            return ws;
        }
        Worksheet out = one(ws);
        if (ws.variants().isEmpty()) {
            return out;
        }
        List<Variants.Variant> list = ws.variants().list().stream().map(x -> x.sheet() == null ? x
                : new Variants.Variant(x.name(), one(x.sheet()))).toList();
        return out.withVariants(new Variants(ws.variants().active(), list));
    }

    private static Worksheet one(Worksheet ws) {
        GpuSpeed s = ws.gpu().performance() == null ? speed(ws.gpu().name()) : null;
        return s == null ? ws : ws.withGpu(ws.gpu().withPerformance(s));
    }

    private static Map<String, GpuSpeed> load() {
        try (InputStream in = CatalogPerformance.class.getResourceAsStream("/org/vramsheet/catalog/gpus.json")) {
            if (in == null) {
                throw new IllegalStateException("GPU catalog missing from the jar");
            }
            Map<String, GpuSpeed> out = new HashMap<>();
            for (JsonNode e : WorksheetJson.shared().readTree(in)) {
                JsonNode p = e.get("performance");
                if (p != null && p.isObject()) {
                    String name = e.get("name").asText();
                    out.put(name, new GpuSpeed(num(p, "bandwidthGbPerS"), num(p, "bf16Tflops"), num(p, "fp8Tflops"),
                            num(p, "fp4Tflops"), num(p, "linkGbPerS"), p.path("link").asText(""),
                            "GPU catalog, " + name + ": " + p.path("source").asText("")));
                }
            }
            return Map.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Double num(JsonNode p, String field) {
        JsonNode v = p.get(field);
        return v == null || !v.isNumber() ? null : v.asDouble();
    }
}
