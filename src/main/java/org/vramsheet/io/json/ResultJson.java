package org.vramsheet.io.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import java.util.Locale;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The stable JSON form of a result (docs/cli.md): dotted figure keys become nested objects;
 * unavailable figures are null with their reason under "unavailable"; provenance under "explain".
 */
public final class ResultJson {
    public static final int OUTPUT_VERSION = 1;

    private ResultJson() { }

    public static ObjectNode tree(SizingResult r) {
        ObjectNode root = WorksheetJson.shared().createObjectNode();
        root.put("outputVersion", OUTPUT_VERSION);
        root.put("bytesUnit", "B (GB = 10^9 B, GiB = 2^30 B)");
        ObjectNode unavailable = WorksheetJson.shared().createObjectNode();
        ObjectNode explain = WorksheetJson.shared().createObjectNode();
        for (Figure f : r.figures().values()) {
            ObjectNode parent = root;
            String[] parts = f.key().split("\\.");
            for (int i = 0; i < parts.length - 1; i++) {
                ObjectNode child = (ObjectNode) parent.get(parts[i]);
                if (child == null) {
                    child = parent.putObject(parts[i]);
                }
                parent = child;
            }
            String leaf = parts[parts.length - 1];
            if (!f.available()) {
                parent.putNull(leaf);
                unavailable.put(f.key(), f.reason());
                continue;
            }
            if (f.unit() == Unit.RATIO) {
                parent.put(leaf, Math.round(f.ratio() * 10000) / 10000.0);
            } else if (f.unit().real()) {
                parent.put(leaf, Math.round(f.ratio() * 1000) / 1000.0); // an estimate: ms, tokens/s, money to 3 decimals
            } else if (f.unit() == Unit.FLAG) {
                parent.put(leaf, f.isTrue());
            } else {
                parent.put(leaf, f.value());
            }
            ObjectNode e = explain.putObject(f.key());
            e.put("label", f.label());
            e.put("unit", f.unit().name().toLowerCase(Locale.ROOT));
            e.put("formula", f.provenance().formula());
            e.put("expression", f.provenance().expression());
            ArrayNode a = e.putArray("assumptions");
            f.provenance().assumptions().forEach(a::add);
        }
        memory(root, r.memory());
        ArrayNode issues = root.putArray("issues");
        for (Issue i : r.issues()) {
            ObjectNode n = issues.addObject();
            n.put("field", i.field());
            n.put("label", i.label());
            n.put("message", i.message());
        }
        root.set("unavailable", unavailable);
        root.set("explain", explain);
        return root;
    }

    /** memory.stacks: the GPU-memory stacks per GPU as the chart and the PDF draw them (null when unavailable). */
    private static void memory(ObjectNode root, MemoryStacks m) {
        ObjectNode memory = root.has("memory") ? (ObjectNode) root.get("memory") : root.putObject("memory");
        ObjectNode stacks = memory.putObject("stacks");
        for (String name : MemoryStacks.NAMES) {
            var segs = m.stack(name);
            if (segs == null) {
                stacks.putNull(name);
                continue;
            }
            ArrayNode a = stacks.putArray(name);
            for (MemoryStacks.Segment g : segs) {
                ObjectNode n = a.addObject();
                n.put("name", g.name());
                n.put("figure", g.key().id());
                n.put("bytesPerGpu", g.bytesPerGpu());
            }
        }
    }

    public static String write(SizingResult r) {
        return write(tree(r));
    }

    /**
     * The result of one variant of a sheet: the figures as {@link #write(SizingResult)}, with {@code variant} (the name
     * calculated, null for a sheet without variants) and {@code variants} (every name, in order; empty without).
     */
    public static String write(SizingResult r, Worksheet ws) {
        ObjectNode t = tree(r);
        t.put("variant", ws.variants().isEmpty() ? null : ws.variants().active());
        var names = t.putArray("variants");
        ws.variants().names().forEach(names::add);
        t.set("ollama", ollama(ws));
        return write(t);
    }

    /**
     * The llama.cpp runner an Ollama sheet starts (release, num_ctx, parallel, the runner's context, cache type, flash
     * attention, num_batch, GPU layers, OLLAMA_GPU_OVERHEAD (0 unset, as Ollama defaults it), and what Ollama refused), each
     * value as OllamaDefaults resolved it; null for another engine.
     */
    private static JsonNode ollama(Worksheet ws) {
        if (!Engines.of(ws.runtime().engine()).usesOllamaSettings()) {
            return NullNode.getInstance();
        }
        try {
            OllamaRunnerSetup s = OllamaSheet.runnerSetup(ws);
            ObjectNode o = WorksheetJson.shared().createObjectNode();
            o.put("release", s.release().toString()).put("numCtx", s.numCtx().value()).put("parallel", s.parallel().value())
                    .put("runnerContext", s.runnerContext().value()).put("cacheType", s.cacheTypeK().value())
                    .put("flashAttention", s.flashAttention().value()).put("numBatch", s.batch().value())
                    .put("gpuLayers", s.gpuLayers().value());
            Long overhead = ws.runtime().ollama().gpuOverheadBytes();
            o.put("gpuOverheadBytes", overhead == null ? 0 : overhead);
            s.problems().forEach(o.putArray("problems")::add);
            return o;
        } catch (ArithmeticException e) {
            return NullNode.getInstance(); // num_ctx x parallel beyond a long: the issues name the field
        }
    }

    private static String write(ObjectNode t) {
        try {
            return WorksheetJson.shared().writeValueAsString(t) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
