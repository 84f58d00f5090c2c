package org.vramsheet.io.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.gguf.GgufTensor;

/**
 * WEIGHTS from a GGUF file's tensor-info table: exact bytes per ggml type ({@code ggml_row_size}: a row of {@code ne[0]}
 * values is {@code ne[0] / block} blocks of the type's size; the sizes of gguf-py/gguf/constants.py
 * {@code GGML_QUANT_SIZES}, the same as ggml.c {@code type_traits}), parameters as the tensors' elements, MoE active
 * parameters from the expert tensors ({@code *_exps}: n_expert experts, {@code expert_used_count} of them per token). A type
 * the table does not know is named and its bytes are left out of the checkpoint size, never guessed.
 */
final class GgufTensorBytes {
    /** A ggml type: its name, values per block and bytes per block. */
    record Type(String name, int block, int bytes) { }

    private static final Map<Integer, Type> TYPES = table();

    private GgufTensorBytes() { }

    private static Map<Integer, Type> table() {
        int k = 256; // QK_K
        Map<Integer, Type> t = new LinkedHashMap<>();
        t.put(0, new Type("F32", 1, 4));
        t.put(1, new Type("F16", 1, 2));
        t.put(2, new Type("Q4_0", 32, 2 + 16));
        t.put(3, new Type("Q4_1", 32, 2 + 2 + 16));
        t.put(6, new Type("Q5_0", 32, 2 + 4 + 16));
        t.put(7, new Type("Q5_1", 32, 2 + 2 + 4 + 16));
        t.put(8, new Type("Q8_0", 32, 2 + 32));
        t.put(9, new Type("Q8_1", 32, 4 + 4 + 32));
        t.put(10, new Type("Q2_K", k, 2 + 2 + k / 16 + k / 4));
        t.put(11, new Type("Q3_K", k, 2 + k / 4 + k / 8 + 12));
        t.put(12, new Type("Q4_K", k, 2 + 2 + k / 2 + 12));
        t.put(13, new Type("Q5_K", k, 2 + 2 + k / 2 + k / 8 + 12));
        t.put(14, new Type("Q6_K", k, 2 + k / 2 + k / 4 + k / 16));
        t.put(15, new Type("Q8_K", k, 4 + k + k / 8));
        t.put(16, new Type("IQ2_XXS", k, 2 + k / 4));
        t.put(17, new Type("IQ2_XS", k, 2 + k / 4 + k / 32));
        t.put(18, new Type("IQ3_XXS", k, 2 + k / 4 + k / 8));
        t.put(19, new Type("IQ1_S", k, 2 + k / 8 + k / 16));
        t.put(20, new Type("IQ4_NL", 32, 2 + 16));
        t.put(21, new Type("IQ3_S", k, 2 + k / 4 + k / 8 + k / 32 + 4));
        t.put(22, new Type("IQ2_S", k, 2 + k / 4 + k / 16));
        t.put(23, new Type("IQ4_XS", k, 2 + 2 + k / 2 + k / 64));
        t.put(24, new Type("I8", 1, 1));
        t.put(25, new Type("I16", 1, 2));
        t.put(26, new Type("I32", 1, 4));
        t.put(27, new Type("I64", 1, 8));
        t.put(28, new Type("F64", 1, 8));
        t.put(29, new Type("IQ1_M", k, k / 8 + k / 16 + k / 32));
        t.put(30, new Type("BF16", 1, 2));
        t.put(34, new Type("TQ1_0", k, 2 + 4 * 13));
        t.put(35, new Type("TQ2_0", k, 2 + 64));
        t.put(39, new Type("MXFP4", 32, 1 + 16));
        t.put(40, new Type("NVFP4", 64, 4 + 32));
        t.put(41, new Type("Q1_0", 128, 2 + 16));
        return Map.copyOf(t);
    }

    /** The ggml type of an id, or null when the table does not know it. */
    static Type type(int id) { return TYPES.get(id); }

    /** WEIGHTS for these tensors; {@code used} / {@code experts} from the metadata (0 / 0 without MoE). */
    static Weights weights(List<GgufTensor> tensors, long used, long experts, GgufNotes notes) {
        Map<String, Long> bytes = new TreeMap<>();
        Map<Integer, Long> unknown = new TreeMap<>();
        long params = 0;
        long expert = 0;
        long floats = 0;
        for (GgufTensor t : tensors) {
            long n = t.elements();
            params = Math.addExact(params, n);
            if (t.name().contains("_exps.") || t.name().contains("_chexps.")) {
                expert = Math.addExact(expert, n);
            }
            Type ty = TYPES.get(t.ggmlType());
            if (ty == null) {
                unknown.merge(t.ggmlType(), 1L, Long::sum);
                continue;
            }
            long[] shape = t.shape();
            if (shape.length > 0 && shape[0] % ty.block() != 0) {
                throw new GgufKeys.BadKey("tensor '" + t.name() + "': rows of " + Units.grouped(shape[0]) + " values are not whole '"
                        + ty.name() + "' blocks of " + ty.block());
            }
            bytes.merge(ty.name(), Math.multiplyExact(n / ty.block(), (long) ty.bytes()), Math::addExact);
            floats = ty.block() == 1 ? Math.addExact(floats, n) : floats;
        }
        long active = experts > 0 && expert > 0 ? Math.addExact(params - expert, Math.multiplyExact(expert / experts, used)) : params;
        notes.detect("parameters from the tensors: " + Units.grouped(params) + " total" + (active != params ? ", "
                + Units.grouped(active) + " active per token (" + used + " of " + experts + " experts)" : ""));
        String main = dominant(bytes);
        WeightFormat fmt = format(main);
        ComputeDtype compute = "BF16".equals(main) ? ComputeDtype.BF16 : "F32".equals(main) ? ComputeDtype.FP32 : ComputeDtype.FP16;
        Long total = unknown.isEmpty() ? bytes.values().stream().reduce(0L, Math::addExact) : null;
        String described = describe(bytes);
        if (!unknown.isEmpty()) {
            unknown.forEach((id, n) -> notes.warn(n + " tensors of ggml type " + id + ", a type this importer does not know: "
                    + "their bytes are not counted, so the checkpoint size is left out"));
        } else {
            notes.detect("tensor bytes (exact): " + Units.grouped(total) + " B in " + bytes.size() + " ggml types (" + tensors.size()
                    + " tensors)");
        }
        return Weights.builder().totalParams(params).activeParams(active != params ? active : null).format(fmt)
                .computeDtype(compute).unquantizedParams(fmt.quantized() ? floats : null).checkpointBytes(total)
                .checkpointFormat("GGUF " + described).build();
    }

    private static String dominant(Map<String, Long> bytes) {
        return bytes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("F16");
    }

    /** The sheet's format nearest a ggml type; the checkpoint's exact bytes are what count. */
    static WeightFormat format(String ggml) {
        return switch (ggml) {
            case "F32", "F64" -> WeightFormat.FP32;
            case "F16" -> WeightFormat.FP16;
            case "BF16" -> WeightFormat.BF16;
            case "Q8_0", "Q8_1", "Q8_K", "I8" -> WeightFormat.INT8;
            case "MXFP4" -> WeightFormat.MXFP4;
            case "NVFP4" -> WeightFormat.NVFP4;
            default -> WeightFormat.INT4;
        };
    }

    private static String describe(Map<String, Long> bytes) {
        StringBuilder b = new StringBuilder();
        bytes.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.getKey()).append(' ').append(Units.gibText(e.getValue())));
        return b.length() == 0 ? "(no tensors)" : b.toString();
    }
}
