package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.WorksheetJson;

/**
 * safetensors without the weights: the index's metadata.total_size and shard names, and each file's
 * header (an 8-byte little-endian length, then JSON) giving the bytes of every tensor by dtype.
 */
public final class Safetensors {
    /** Headers above this are refused (real ones are kilobytes to a few megabytes; 25 MiB holds 100,000 tensors). */
    public static final long MAX_HEADER = 25L << 20;

    private Safetensors() { }

    /** metadata.total_size of a model.safetensors.index.json, or null. */
    public static Long indexTotalSize(JsonNode index) {
        JsonNode t = index.path("metadata").path("total_size");
        return t.canConvertToLong() && t.canConvertToExactIntegral() && t.asLong() > 0 ? t.asLong() : null;
    }

    /** The shard files an index names. */
    public static Set<String> shards(JsonNode index) {
        Set<String> out = new LinkedHashSet<>();
        index.path("weight_map").forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The header length from the first 8 bytes. */
    public static long headerLength(byte[] first8) throws IOException {
        if (first8.length < 8) {
            throw new IOException("safetensors file shorter than its 8-byte header length");
        }
        long n = ByteBuffer.wrap(first8, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        if (n <= 0 || n > MAX_HEADER) {
            throw new IOException("safetensors header length " + n + " is not plausible (1 byte to "
                    + (MAX_HEADER >> 20) + " MiB)");
        }
        return n;
    }

    /** Bytes per dtype from a header's JSON: sum of data_offsets end - start. */
    public static Map<String, Long> dtypeBytes(byte[] headerJson) throws IOException {
        JsonNode h = WorksheetJson.shared().readTree(new String(headerJson, StandardCharsets.UTF_8).trim());
        Map<String, Long> out = new TreeMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = h.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("__metadata__")) {
                continue;
            }
            JsonNode off = e.getValue().path("data_offsets");
            if (off.size() != 2 || !off.get(0).canConvertToLong() || !off.get(1).canConvertToLong()
                    || !off.get(0).canConvertToExactIntegral() || !off.get(1).canConvertToExactIntegral()) {
                throw new IOException("tensor " + Messages.quote(e.getKey()) + " has no whole-number data_offsets");
            }
            long start = off.get(0).asLong();
            long end = off.get(1).asLong();
            if (start < 0 || end < start) {
                throw new IOException("tensor " + Messages.quote(e.getKey()) + " has data_offsets ["
                        + start + ", " + end + "] that run backwards");
            }
            try {
                out.merge(e.getValue().path("dtype").asText("?"), end - start, Math::addExact);
            } catch (ArithmeticException x) {
                throw new IOException("the tensors' sizes add up past what a file can hold (overflow)");
            }
        }
        return out;
    }

    /** Reads a local file's header. */
    public static Map<String, Long> dtypeBytes(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            byte[] first = new byte[8];
            f.readFully(first);
            long n = headerLength(first);
            if (8 + n > f.length()) {
                throw new IOException(file.getFileName() + ": header runs past the end of the file (truncated?)");
            }
            byte[] json = new byte[(int) n];
            f.readFully(json);
            return dtypeBytes(json);
        }
    }

    public static void addAll(Map<String, Long> into, Map<String, Long> more) {
        more.forEach((k, v) -> into.merge(k, v, Math::addExact));
    }
}
