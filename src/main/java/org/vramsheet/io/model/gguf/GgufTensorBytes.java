package org.vramsheet.io.model.gguf;

import java.util.Map;
import java.util.TreeMap;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.gguf.GgmlType;
import org.vramsheet.io.gguf.GgufException;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;
import org.vramsheet.io.gguf.GgufWeights;

/**
 * WEIGHTS from a GGUF file's tensor-info table: exact bytes per ggml type from the reader's {@link GgufWeights} (ggml's
 * {@code ggml_nbytes}: a row of {@code ne[0]} values is {@code ne[0] / block} blocks of the type's size, {@link GgmlType}),
 * parameters as the tensors' elements, MoE active parameters from the expert tensors ({@code *_exps}: n_expert experts,
 * {@code expert_used_count} of them per token). A type ggml removed or the reader does not know is named and its bytes
 * are left out of the checkpoint size, never guessed.
 */
final class GgufTensorBytes {
    private GgufTensorBytes() { }

    /** WEIGHTS for these tensors; {@code used} / {@code experts} from the metadata (0 / 0 without MoE). */
    static Weights weights(GgufFile f, long used, long experts, GgufNotes notes) {
        long params = 0;
        long expert = 0;
        long floats = 0;
        for (GgufTensor t : f.tensors()) {
            long n = t.elements();
            params = Math.addExact(params, n);
            if (t.name().contains("_exps.") || t.name().contains("_chexps.")) {
                expert = Math.addExact(expert, n);
            }
            GgmlType ty = GgmlType.byId(t.ggmlType());
            if (ty == null || ty.removed()) {
                continue;
            }
            long[] shape = t.shape();
            if (shape.length > 0 && shape[0] % ty.blockSize() != 0) {
                throw new GgufKeys.BadKey("tensor '" + t.name() + "': rows of " + Units.grouped(shape[0]) + " values are not whole '"
                        + ty.name() + "' blocks of " + ty.blockSize());
            }
            floats = ty.blockSize() == 1 ? Math.addExact(floats, n) : floats;
        }
        GgufWeights gw;
        try {
            gw = GgufWeights.of(f);
        } catch (GgufException e) {
            throw new ArithmeticException(e.getMessage()); // rows were checked above: what is left is a sum past a long
        }
        Map<String, Long> bytes = new TreeMap<>();
        gw.byType().forEach(t -> bytes.put(t.type().name(), t.bytes()));
        Map<Integer, Long> unknown = new TreeMap<>();
        gw.uncounted().forEach(u -> unknown.merge(u.typeId(), 1L, Long::sum));
        long active = experts > 0 && expert > 0 ? Math.addExact(params - expert, Math.multiplyExact(expert / experts, used)) : params;
        notes.detect("parameters from the tensors: " + Units.grouped(params) + " total" + (active != params ? ", "
                + Units.grouped(active) + " active per token (" + used + " of " + experts + " experts)" : ""));
        String main = dominant(bytes);
        WeightFormat fmt = format(main);
        ComputeDtype compute = "BF16".equals(main) ? ComputeDtype.BF16 : "F32".equals(main) ? ComputeDtype.FP32 : ComputeDtype.FP16;
        Long total = gw.complete() ? gw.totalBytes() : null;
        String described = describe(bytes);
        if (!unknown.isEmpty()) {
            unknown.forEach((id, n) -> notes.warn(n + " tensors of ggml type " + id + ", a type ggml removed or the reader does "
                    + "not know: their bytes are not counted, so the checkpoint size is left out"));
        } else {
            notes.detect("tensor bytes (exact): " + Units.grouped(total) + " B in " + bytes.size() + " ggml types (" + f.tensors().size()
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
