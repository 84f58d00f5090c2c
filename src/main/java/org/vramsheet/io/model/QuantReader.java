package org.vramsheet.io.model;

import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * WEIGHTS from a config: parameters from the architecture, the format from quantization_config
 * (AWQ / GPTQ bits and group, FP8 incl. block scales, compressed-tensors, MXFP4, bitsandbytes,
 * ModelOpt) or torch_dtype, and the checkpoint bytes of the safetensors index when known.
 */
final class QuantReader {
    private QuantReader() { }

    static ComputeDtype computeDtype(HfConfig c, List<String> assumed) {
        ComputeDtype d = ConfigImporter.dtypeOf(c.str("torch_dtype", "dtype"));
        if (d == null) {
            assumed.add("no torch_dtype: bf16 assumed");
            return ComputeDtype.BF16;
        }
        return d;
    }

    static KvDtype kvDtype(HfConfig c, List<String> detected) {
        JsonNode modelopt = c.root.path("hf_quant_config.json").path("quantization");
        String kvAlgo = modelopt.path("kv_cache_quant_algo").asText("");
        JsonNode ct = c.root.path("quantization_config").path("kv_cache_scheme");
        if (kvAlgo.equalsIgnoreCase("FP8") || (ct.isObject() && ct.path("type").asText("").equals("float")
                && ct.path("num_bits").asInt() == 8)) {
            detected.add("checkpoint ships FP8 KV-cache scales: KV dtype fp8 (e4m3)");
            return KvDtype.FP8_E4M3;
        }
        return KvDtype.AUTO;
    }

    /** What a quantization config says about the stored weights. */
    private record Quant(WeightFormat fmt, Integer group, Integer scale, Integer zero, Long unquantized, String described) {
        static Quant plain(WeightFormat fmt, Long unquantized, String described) {
            return new Quant(fmt, null, null, null, unquantized, described);
        }
    }

    static Weights weights(HfConfig c, ParamCounter.Counts n, Long indexTotal, List<String> detected,
                           List<String> assumed, List<String> warnings) {
        ComputeDtype compute = computeDtype(c, assumed);
        if (ConfigImporter.dtypeOf(c.str("torch_dtype", "dtype")) != null) {
            detected.add("torch_dtype " + compute.label());
        }
        detected.add("parameters from the architecture: " + Units.grouped(n.total()) + " total"
                + (n.active() != n.total() ? ", " + Units.grouped(n.active()) + " active per token (MoE)" : ""));
        Quant quant = Quant.plain(ConfigImporter.formatOf(compute), null, compute.label());
        JsonNode q = c.root.get("quantization_config");
        JsonNode modelopt = c.root.path("hf_quant_config.json").path("quantization");
        if (q == null && c.root.has("quantize_config.json")) {
            q = c.root.get("quantize_config.json");
        }
        if (q != null && q.isObject()) {
            String method = q.path("quant_method").asText("").toLowerCase(Locale.ROOT);
            Quant read = quantization(q, method, n, compute);
            if (read == null) {
                warnings.add("quantization_config quant_method '" + method + "' is not known: weights read as "
                        + compute.label() + "; enter the format by hand");
            } else {
                quant = read;
            }
            detected.add("quantization_config: " + quant.described());
        } else if (modelopt.isObject() && modelopt.path("quant_algo").asText("").equalsIgnoreCase("FP8")) {
            quant = Quant.plain(WeightFormat.FP8, n.embeddings() / 2, compute.label());
            detected.add("hf_quant_config.json (ModelOpt): FP8 weights, lm_head excluded");
        } else {
            detected.add("no quantization_config: weights stored as " + compute.label());
        }
        Weights w = Weights.builder().totalParams(n.total()).activeParams(n.active() != n.total() ? n.active() : null)
                .format(quant.fmt()).computeDtype(compute).groupSize(quant.group()).scaleBits(quant.scale())
                .zeroPointBits(quant.zero()).unquantizedParams(quant.unquantized()).checkpointBytes(indexTotal)
                .checkpointFormat(quant.described()).build();
        if (indexTotal != null) {
            detected.add("safetensors index total_size " + Units.grouped(indexTotal) + " B (exact checkpoint bytes)");
            checkAgainstIndex(w, indexTotal, warnings);
        }
        return w;
    }

    /** The format a quant_method describes, or null when the method is not known. */
    private static Quant quantization(JsonNode q, String method, ParamCounter.Counts n, ComputeDtype compute) {
        int bits = q.path("bits").asInt(q.path("w_bit").asInt(4));
        return switch (method) {
            case "awq", "gptq" -> awqGptq(q, method, bits, n);
            case "fp8" -> fp8(q, n);
            case "compressed-tensors" -> compressedTensors(q, n);
            case "mxfp4" -> Quant.plain(WeightFormat.MXFP4, n.total() - n.expert(), "MXFP4 experts (4-bit + one E8M0 "
                    + "scale per 32); attention, router, embeddings and LM head stay " + compute.label());
            case "bitsandbytes" -> bitsandbytes(q, n);
            default -> null;
        };
    }

    private static Quant awqGptq(JsonNode q, String method, int bits, ParamCounter.Counts n) {
        Integer group = q.path("group_size").asInt(q.path("q_group_size").asInt(128));
        if (group <= 0) {
            group = null;
        }
        int zero = method.equals("awq") && !q.path("zero_point").asBoolean(true) ? 0 : bits;
        return new Quant(bits <= 4 ? WeightFormat.INT4 : WeightFormat.INT8, group, 16, zero, n.embeddings(),
                method.toUpperCase(Locale.ROOT) + " " + bits + "-bit, group " + (group == null ? "none" : group)
                        + ", fp16 scales + " + zero + "-bit zero points");
    }

    private static Quant fp8(JsonNode q, ParamCounter.Counts n) {
        JsonNode block = q.get("weight_block_size");
        if (block != null && block.isArray() && block.size() == 2) {
            return new Quant(WeightFormat.FP8, block.get(0).asInt() * block.get(1).asInt(), 32, 0, n.embeddings(),
                    "FP8 (e4m3) with one fp32 scale per " + block.get(0).asInt() + "x" + block.get(1).asInt() + " block");
        }
        return Quant.plain(WeightFormat.FP8, n.embeddings(), "FP8 (per-tensor scales)");
    }

    private static Quant compressedTensors(JsonNode q, ParamCounter.Counts n) {
        JsonNode w = q.path("config_groups").elements().hasNext()
                ? q.path("config_groups").elements().next().path("weights") : null;
        int b = w == null ? 8 : w.path("num_bits").asInt(8);
        boolean fl = w != null && w.path("type").asText("int").equals("float");
        WeightFormat fmt = b <= 4 ? WeightFormat.INT4 : fl ? WeightFormat.FP8 : WeightFormat.INT8;
        Integer group = null;
        Integer scale = null;
        Integer zero = null;
        if (w != null && w.path("group_size").isNumber()) {
            group = w.path("group_size").asInt();
            scale = 16;
            zero = w.path("symmetric").asBoolean(true) ? 0 : b;
        }
        return new Quant(fmt, group, scale, zero, n.embeddings(), "compressed-tensors " + b + "-bit " + (fl ? "float" : "int")
                + (group != null ? ", group " + group : ""));
    }

    private static Quant bitsandbytes(JsonNode q, ParamCounter.Counts n) {
        if (q.path("load_in_8bit").asBoolean(false)) {
            return Quant.plain(WeightFormat.INT8, n.embeddings(), "bitsandbytes int8");
        }
        int group = q.path("bnb_4bit_blocksize").asInt(64);
        return new Quant(WeightFormat.INT4, group, q.path("bnb_4bit_use_double_quant").asBoolean(false) ? 8 : 32, 0,
                n.embeddings(), "bitsandbytes 4-bit (" + q.path("bnb_4bit_quant_type").asText("nf4") + "), absmax per " + group);
    }

    /** Warns when the checkpoint's exact bytes and the parameter estimate differ by more than 3 %. */
    private static void checkAgainstIndex(Weights w, long indexTotal, List<String> warnings) {
        long estimate = estimate(w);
        double diff = (indexTotal - estimate) / (double) estimate * 100;
        if (Math.abs(diff) > 3) {
            warnings.add(String.format(Locale.ROOT, "the checkpoint (%s) and the parameter estimate (%s) differ by "
                    + "%+.1f %%: extra tensors (vision tower, MTP layers), another format, or an unusual layout",
                    Units.gibText(indexTotal), Units.gibText(estimate), diff));
        }
    }

    /** The estimate the core would compute for these weights, without the checkpoint bytes. */
    private static long estimate(Weights w) {
        Weights noCkpt = w.toBuilder().checkpointBytes(null).encoderParams(null).build();
        var ws = new Worksheet(null, noCkpt, null, null, null, null, null, null, null, null);
        var f = SizingCalculator.calculate(ws).get(FigureKey.WEIGHTS_ESTIMATED_BYTES);
        return f.available() ? f.value() : 1;
    }
}
