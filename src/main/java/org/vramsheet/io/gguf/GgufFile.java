package org.vramsheet.io.gguf;

import java.nio.ByteOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a GGUF file's header says: its version (2 or 3), byte order, metadata and tensor infos, never the tensor data.
 * Metadata values are plain Java values: integers of every width as {@link Long} (a uint64 above {@code Long.MAX_VALUE}
 * as {@link java.math.BigInteger}), float32 / float64 as {@link Double}, bool as {@link Boolean}, string as {@link String},
 * array as an unmodifiable {@link List} of those. The map keeps the file's key order.
 *
 * @param version    GGUF version (2 or 3)
 * @param order      the file's byte order (GGUF is little endian unless the file is big endian)
 * @param metadata   key to value, in file order
 * @param tensors    the tensor-info table, in file order (for split files: every part's, in part order)
 * @param alignment  {@code general.alignment} or 32
 * @param source     where it was read (path or URL), for messages
 */
public record GgufFile(int version, ByteOrder order, Map<String, Object> metadata, List<GgufTensor> tensors, int alignment,
                       String source) {
    public GgufFile {
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        tensors = List.copyOf(tensors);
    }

    /** {@code general.architecture}, e.g. "llama", "gemma3", "qwen3moe"; null when absent. */
    public String architecture() {
        return metadata.get("general.architecture") instanceof String s ? s : null;
    }
}
