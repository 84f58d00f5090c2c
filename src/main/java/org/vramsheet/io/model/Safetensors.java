package org.vramsheet.io.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * safetensors without the weights: the index's metadata.total_size and shard names, and each file's
 * header (an 8-byte little-endian length, then JSON) giving the bytes of every tensor by dtype, once the header is
 * found to keep the format's rules ({@link SafetensorsHeader}).
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

    /**
     * Bytes per dtype from a header's JSON, checked against the format's rules ({@link SafetensorsHeader}) except
     * where the data ends (the file's size is not known here).
     */
    public static Map<String, Long> dtypeBytes(byte[] headerJson) throws IOException {
        return SafetensorsHeader.dtypeBytes(headerJson, -1);
    }

    /**
     * As {@link #dtypeBytes(byte[])}; {@code dataBytes}: the file's size less the 8 length bytes and the header, which
     * the tensors must cover exactly (-1: not known).
     */
    public static Map<String, Long> dtypeBytes(byte[] headerJson, long dataBytes) throws IOException {
        return SafetensorsHeader.dtypeBytes(headerJson, dataBytes);
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
            try {
                return dtypeBytes(json, f.length() - 8 - n);
            } catch (IOException e) {
                throw new IOException(file.getFileName() + ": " + e.getMessage(), e);
            }
        }
    }

    public static void addAll(Map<String, Long> into, Map<String, Long> more) {
        more.forEach((k, v) -> into.merge(k, v, Math::addExact));
    }
}
