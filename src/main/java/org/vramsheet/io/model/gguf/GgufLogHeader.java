package org.vramsheet.io.model.gguf;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.model.ConfigImporter;

/**
 * A GGUF header known from a published llama.cpp log rather than the file: the metadata dump llama-model-loader.cpp
 * prints ({@code llama_model_loader: - kv N: KEY TYPE = VALUE}, with {@code gguf_kv_to_str}'s forms: numbers, {@code true}
 * / {@code false}, strings cut at 40 characters with "...", arrays as {@code arr[TYPE,COUNT]} and their first values),
 * and for WEIGHTS the figures print_info gives ({@code model params = 27.009 B}, {@code file size = 11.27 GiB} or the
 * older {@code model size}: the tensors' bytes, as rounded there). An array the log cuts short is only its count: kept
 * for the tokenizer (the vocabulary is its length), refused anywhere else, since a per-layer array the log cut cannot be
 * read back. Nothing of the tensor-info table is in such a log: the tensors are not counted.
 */
final class GgufLogHeader {
    private static final Pattern KV = Pattern.compile("llama_model_loader: - kv\\s+(\\d+):\\s+(\\S+)\\s+(\\S+)\\s+= ?(.*)$");
    private static final Pattern ARR = Pattern.compile("arr\\[(\\w+),(\\d+)\\]");
    private static final Pattern PARAMS = Pattern.compile("model params\\s+=\\s+([0-9]+(?:\\.[0-9]+)?) ([KMBT])\\s*$");
    private static final Pattern SIZE = Pattern.compile("(?:file|model) size\\s+=\\s+([0-9]+(?:\\.[0-9]+)?) (MiB|GiB)");

    /**
     * WEIGHTS as the log prints them: parameters and tensor bytes rounded as printed (null when the log does not say),
     * the file type's name ({@code general.file_type}), and the lines they came from.
     */
    record LoggedWeights(Long params, String paramsLine, Long bytes, String sizeLine, String fileType) {
        /** The sheet's WEIGHTS; {@code experts} from the metadata (a MoE's active parameters are not in the log). */
        Weights weights(long experts, GgufNotes n) {
            // the sheet's format nearest the file type (GgufTensorBytes.format); the tensor bytes are what count
            String type = fileType == null ? "F16" : fileType.startsWith("MXFP4") ? "MXFP4" : fileType;
            var fmt = GgufTensorBytes.format(type);
            n.detect("weights as the log prints them: " + (params == null ? "no parameter count" : Units.grouped(params)
                    + " parameters ('" + paramsLine.strip() + "')") + "; " + (bytes == null ? "no size" : Units.grouped(bytes)
                    + " B of tensors ('" + sizeLine.strip() + "', rounded as printed)"));
            n.assume("no tensor-info table in a log: the tensors are not counted, the weight figures are the log's rounded ones"
                    + (experts > 0 ? "; active parameters per token not printed (the MoE's total is used)" : ""));
            ComputeDtype compute = "BF16".equals(type) ? ComputeDtype.BF16 : "F32".equals(type) ? ComputeDtype.FP32 : ComputeDtype.FP16;
            return Weights.builder().totalParams(params).format(fmt).computeDtype(compute).checkpointBytes(bytes)
                    .checkpointFormat("GGUF " + (fileType == null ? "" : fileType + " ") + "(tensor bytes as the log prints them)")
                    .build();
        }
    }

    /** The header and the logged weights of one model's lines. */
    record Read(GgufFile file, LoggedWeights weights) { }

    private GgufLogHeader() { }

    /** The first model's metadata dump in {@code lines}; {@code source} names the log in messages. */
    static Read read(List<String> lines, String source) throws ConfigImporter.ImportException {
        Map<String, Object> meta = new LinkedHashMap<>();
        String paramsLine = null;
        String sizeLine = null;
        for (String line : lines) {
            Matcher m = KV.matcher(line);
            if (m.find()) {
                int index = Integer.parseInt(m.group(1));
                if (index != meta.size()) {
                    throw new ConfigImporter.ImportException(source + ": kv " + index + " follows kv " + (meta.size() - 1)
                            + ": the dump is not whole (or two models' dumps are mixed)");
                }
                meta.put(m.group(2), value(m.group(2), m.group(3), m.group(4).replaceAll("\\s+$", ""), source));
            } else if (paramsLine == null && PARAMS.matcher(line).find()) {
                paramsLine = line;
            } else if (sizeLine == null && SIZE.matcher(line).find()) {
                sizeLine = line;
            }
        }
        if (meta.isEmpty()) {
            throw new ConfigImporter.ImportException(source + ": no 'llama_model_loader: - kv' lines: not a metadata dump");
        }
        Object ft = meta.get("general.file_type");
        String fileType = ft instanceof Long l ? GgufFileTypes.name(l.intValue()) : null;
        LoggedWeights w = new LoggedWeights(paramsLine == null ? null : params(paramsLine), paramsLine,
                sizeLine == null ? null : bytes(sizeLine), sizeLine, fileType);
        return new Read(new GgufFile(3, ByteOrder.LITTLE_ENDIAN, meta, List.of(), 32, source), w);
    }

    private static Object value(String key, String type, String text, String source) throws ConfigImporter.ImportException {
        Matcher arr = ARR.matcher(type);
        if (arr.matches()) {
            int count = Integer.parseInt(arr.group(2));
            boolean cut = text.endsWith("...");
            if (cut) {
                if (!key.startsWith("tokenizer.") && !key.startsWith("general.")) {
                    throw new ConfigImporter.ImportException(source + ": '" + key + "' is an array of " + count + " that the log "
                            + "cuts short ('" + text + "'): it cannot be read back");
                }
                return Collections.nCopies(count, "");
            }
            List<Object> out = new ArrayList<>();
            String inner = text.replaceFirst("^\\\\?\\[", "").replaceFirst("]$", "").strip();
            for (String e : inner.isEmpty() ? new String[0] : inner.split(",\\s*")) {
                out.add(scalar(key, arr.group(1), e.replaceAll("^\"|\"$", ""), source));
            }
            if (out.size() != count) {
                throw new ConfigImporter.ImportException(source + ": '" + key + "' says " + count + " entries and shows " + out.size());
            }
            return List.copyOf(out);
        }
        return scalar(key, type, text, source);
    }

    private static Object scalar(String key, String type, String text, String source) throws ConfigImporter.ImportException {
        try {
            return switch (type) {
                case "u8", "i8", "u16", "i16", "u32", "i32", "u64", "i64" -> Long.parseLong(text);
                case "f32", "f64" -> Double.parseDouble(text);
                case "bool" -> switch (text) {
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    default -> throw new NumberFormatException(text);
                };
                case "str" -> text;
                default -> throw new ConfigImporter.ImportException(source + ": '" + key + "' has type '" + type
                        + "', not one gguf_type_name prints");
            };
        } catch (NumberFormatException e) {
            throw new ConfigImporter.ImportException(source + ": '" + key + "' (" + type + ") holds '" + text + "', not a " + type);
        }
    }

    /** "model params = 27.009 B": 27,009,000,000 (print_info's unit letters: K, M, B, T). */
    static long params(String line) {
        Matcher m = PARAMS.matcher(line);
        m.find();
        int exp = "KMBT".indexOf(m.group(2)) * 3 + 3;
        return new BigDecimal(m.group(1)).movePointRight(exp).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }

    /** "file size = 11.27 GiB (4.63 BPW)": 11.27 x 2^30 bytes, to the byte. */
    static long bytes(String line) {
        Matcher m = SIZE.matcher(line);
        m.find();
        long unit = m.group(2).toUpperCase(Locale.ROOT).startsWith("G") ? 1L << 30 : 1L << 20;
        return new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }
}
