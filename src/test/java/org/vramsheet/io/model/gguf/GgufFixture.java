package org.vramsheet.io.model.gguf;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;

/**
 * A GGUF file's header built in a test, as the reader would give it: metadata in file order (integers as Long, arrays as
 * lists) and tensor infos. Keys given by suffix are the architecture's ({@code <arch>.<suffix>}).
 */
final class GgufFixture {
    private final String arch;
    private final Map<String, Object> meta = new LinkedHashMap<>();
    private final List<GgufTensor> tensors = new ArrayList<>();

    private GgufFixture(String arch) {
        this.arch = arch;
        meta.put("general.architecture", arch);
    }

    static GgufFixture of(String arch) { return new GgufFixture(arch); }

    /** A value under its full key (int / long become Long; int[] a list of Long; boolean[] a list of Boolean). */
    GgufFixture key(String key, Object v) {
        meta.put(key, value(v));
        return this;
    }

    /** A value under the architecture's key {@code <arch>.<suffix>}. */
    GgufFixture a(String suffix, Object v) { return key(arch + "." + suffix, v); }

    /** Removes a key (by its full name). */
    GgufFixture without(String key) {
        meta.remove(key);
        return this;
    }

    GgufFixture tensor(String name, int ggmlType, long... shape) {
        tensors.add(new GgufTensor(name, shape, ggmlType, 0, 0));
        return this;
    }

    GgufFile file() { return new GgufFile(3, ByteOrder.LITTLE_ENDIAN, meta, tensors, 32, "test/" + arch + ".gguf"); }

    private static Object value(Object v) {
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof int[] a) {
            List<Object> out = new ArrayList<>();
            for (int x : a) {
                out.add((long) x);
            }
            return List.copyOf(out);
        }
        if (v instanceof boolean[] a) {
            List<Object> out = new ArrayList<>();
            for (boolean x : a) {
                out.add(x);
            }
            return List.copyOf(out);
        }
        return v;
    }
}
