package org.vramsheet.io.ollama;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.ollama.OllamaPlanModel;
import org.vramsheet.core.engine.ollama.OllamaVision;
import org.vramsheet.io.gguf.GgmlType;
import org.vramsheet.io.gguf.GgufException;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;

/**
 * A GGUF header as Ollama's planner reads it (fs/ggml/ggml.go): the architecture's keys ({@code <arch>.block_count},
 * {@code .embedding_length}, {@code .attention.head_count} and {@code .head_count_kv}, scalar or per-layer array, their
 * largest and smallest; {@code .attention.key_length} / {@code .value_length}; {@code .attention.sliding_window}), the
 * vocabulary as the {@code tokenizer.ggml.tokens} count, and the tensors grouped as {@code Tensors().GroupLayers()}
 * groups them (the name up to the number after {@code blk} or {@code mm}, else its first part): {@code blk.N},
 * {@code output_norm}, {@code output}, {@code token_embd}, and the vision tower's {@code v.*} groups when
 * {@code <arch>.vision.block_count} is set ({@code VisionGraphSize}). Bytes per tensor as ggml counts them.
 */
public final class OllamaPlanModelReader {
    private OllamaPlanModelReader() { }

    /**
     * The planner's model; {@code projectorFileBytes} is a separate projector blob's size (0 without one).
     *
     * @throws GgufException naming the key or tensor that is missing, not a number or of a type ggml cannot size
     */
    public static OllamaPlanModel read(GgufFile f, long projectorFileBytes) throws GgufException {
        String arch = f.architecture();
        if (arch == null) {
            throw new GgufException(f.source() + ": no general.architecture");
        }
        long[] heads = range(f, arch + ".attention.head_count", 1);
        long[] kv = range(f, arch + ".attention.head_count_kv", 1);
        long embedding = range(f, arch + ".embedding_length", 0)[0];
        long blocks = range(f, arch + ".block_count", 0)[0];
        OllamaPlanModel.Builder b = OllamaPlanModel.builder(arch).embedding(embedding).heads(heads[1]).headsKv(kv[1], kv[0])
                .vocab(f.metadata().get("tokenizer.ggml.tokens") instanceof List<?> t ? t.size() : 0)
                .slidingWindow(range(f, arch + ".attention.sliding_window", 0)[0]).projectorFile(projectorFileBytes);
        long headMin = Math.max(1, heads[0]);
        b.keyLength(number(f, arch + ".attention.key_length", embedding / headMin));
        b.valueLength(number(f, arch + ".attention.value_length", embedding / headMin));
        Map<String, Long> groups = groups(f);
        for (int i = 0; i < blocks; i++) {
            b.layers(1, groups.getOrDefault("blk." + i, 0L));
        }
        b.outputNorm(groups.getOrDefault("output_norm", 0L)).output(groups.getOrDefault("output", 0L))
                .tokenEmbd(groups.getOrDefault("token_embd", 0L));
        if (number(f, arch + ".vision.block_count", 0) > 0) {
            b.vision(vision(f, arch, groups));
        }
        return b.build();
    }

    private static OllamaVision vision(GgufFile f, String arch, Map<String, Long> groups) throws GgufException {
        long weights = 0;
        long largest = 0;
        for (Map.Entry<String, Long> g : groups.entrySet()) {
            if (g.getKey().equals("v") || g.getKey().startsWith("v.")) {
                weights = Math.addExact(weights, g.getValue());
                largest = Math.max(largest, g.getValue());
            }
        }
        boolean classEmbd = f.tensors().stream().anyMatch(t -> t.name().equals("v.class_embd"));
        String v = arch + ".vision.";
        return new OllamaVision(weights, largest, number(f, v + "image_size", 0), number(f, v + "patch_size", 0),
                number(f, v + "num_channels", 0), number(f, v + "attention.head_count", 0),
                number(f, v + "embedding_length", 0), classEmbd, -1);
    }

    /** Bytes per tensor group, Ollama's grouping. */
    static Map<String, Long> groups(GgufFile f) throws GgufException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (GgufTensor t : f.tensors()) {
            GgmlType type = GgmlType.byId(t.ggmlType());
            if (type == null) {
                throw new GgufException("tensor '" + t.name() + "' has ggml type " + t.ggmlType() + ", which Ollama's planner"
                        + " cannot size here");
            }
            out.merge(group(t.name()), type.bytes(t.name(), t.shape()), Math::addExact);
        }
        return out;
    }

    static String group(String name) {
        String[] parts = name.split("\\.", -1);
        for (int i = 0; i < parts.length; i++) {
            if ((parts[i].equals("blk") || parts[i].equals("mm")) && parts.length > i + 2) {
                return String.join(".", Arrays.copyOfRange(parts, 0, i + 2));
            }
            if (parts[i].equals("blk") || parts[i].equals("mm")) {
                break;
            }
        }
        return parts[0];
    }

    /** {smallest, largest} of a scalar or per-layer array key; {@code dflt} for both when absent. */
    private static long[] range(GgufFile f, String key, long dflt) throws GgufException {
        Object v = f.metadata().get(key);
        if (v == null) {
            return new long[] {dflt, dflt};
        }
        if (v instanceof Number n) {
            return new long[] {n.longValue(), n.longValue()};
        }
        if (v instanceof List<?> xs && !xs.isEmpty()) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (Object x : xs) {
                if (!(x instanceof Number n)) {
                    throw new GgufException(key + " holds " + x + ", not a number");
                }
                min = Math.min(min, n.longValue());
                max = Math.max(max, n.longValue());
            }
            return new long[] {min, max};
        }
        throw new GgufException(key + " is " + v + ", not a number or an array of numbers");
    }

    private static long number(GgufFile f, String key, long dflt) throws GgufException {
        Object v = f.metadata().get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        throw new GgufException(key + " is " + v + ", not a number");
    }
}
