package org.vramsheet.core.calc;

import java.util.Locale;
import org.vramsheet.core.result.FigureKey;

import static org.vramsheet.core.calc.Calc.f;
import static org.vramsheet.core.calc.Calc.n;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;

/** WEIGHTS: payload from parameters x format (+ group overhead), or the exact checkpoint bytes. */
final class WeightsStep {
    static final String[] INPUTS = {"weights.totalParams", "weights.groupSize", "weights.scaleBits",
        "weights.zeroPointBits", "weights.unquantizedParams", "weights.format"};

    private WeightsStep() { }

    static void run(Calc c) {
        Weights w = c.ws.weights();
        c.compute(FigureKey.WEIGHTS_TOTAL_PARAMS, "Parameters (total, memory)", Unit.PARAMS, f("weights.totalParams"), n(),
                () -> Figure.of(FigureKey.WEIGHTS_TOTAL_PARAMS, "Parameters (total, memory)", Unit.PARAMS, w.totalParams(),
                        Provenance.of("WEIGHTS › Parameter count (total)", Units.grouped(w.totalParams()),
                                "Memory pays for every parameter, every MoE expert included")));
        c.compute(FigureKey.WEIGHTS_ACTIVE_PARAMS, "Parameters (active per token)", Unit.PARAMS,
                f("weights.activeParams", "weights.totalParams"), n(), () -> {
                    long active = w.activeParams() != null ? w.activeParams() : w.totalParams();
                    return Figure.of(FigureKey.WEIGHTS_ACTIVE_PARAMS, "Parameters (active per token)", Unit.PARAMS, active,
                            Provenance.of("WEIGHTS › Parameter count (active)", Units.grouped(active),
                                    w.activeParams() == null ? "Dense model: every parameter is active"
                                            : "MoE: decode speed follows the active parameters; memory follows the total"));
                });
        quantization(c, w);
        c.compute(FigureKey.WEIGHTS_ESTIMATED_BYTES, "Estimated weight payload", Unit.BYTES, INPUTS, n(), () -> estimate(w));
        c.compute(FigureKey.WEIGHTS_CHECKPOINT_BYTES, "Actual checkpoint bytes", Unit.BYTES, f("weights.checkpointBytes"), n(),
                () -> w.checkpointBytes() == null ? null
                        : Figure.of(FigureKey.WEIGHTS_CHECKPOINT_BYTES, "Actual checkpoint bytes", Unit.BYTES, w.checkpointBytes(),
                        Provenance.of("WEIGHTS › Actual checkpoint bytes", Units.bytesText(w.checkpointBytes()),
                                "Exact bytes of the checkpoint's tensors (e.g. safetensors metadata.total_size)")));
        encoders(c, w);
        long enc = encoderBytes(c);
        weightsBytes(c, enc);
        c.compute(FigureKey.WEIGHTS_BYTES_PER_PARAM, "Bytes per parameter", Unit.RATIO, f(),
                n(FigureKey.WEIGHTS_BYTES, FigureKey.WEIGHTS_TOTAL_PARAMS), () -> {
                    long b = c.get(FigureKey.WEIGHTS_BYTES).value() - enc;
                    long p = c.get(FigureKey.WEIGHTS_TOTAL_PARAMS).value();
                    return Figure.ratio(FigureKey.WEIGHTS_BYTES_PER_PARAM, "Bytes per parameter", b / (double) p,
                            Provenance.of("weights bytes / total parameters",
                                    Units.grouped(b) + " / " + Units.grouped(p)));
                });
        ExpertStep.run(c, enc);
        if (c.ws.runtime().expert().on()) {
            c.compute(FigureKey.WEIGHTS_BYTES_PER_GPU, "Weights per GPU", Unit.BYTES, ExpertStep.INPUTS,
                    n(FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU, FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU),
                    () -> ExpertStep.weightsPerGpu(c));
            return;
        }
        int ranks = c.ws.runtime().ranks();
        c.compute(FigureKey.WEIGHTS_BYTES_PER_GPU, "Weights per GPU", Unit.BYTES,
                f("runtime.tensorParallel", "runtime.pipelineParallel"), n(FigureKey.WEIGHTS_BYTES), () -> {
                    long b = c.get(FigureKey.WEIGHTS_BYTES).value();
                    if (enc > 0 && enc < b) {
                        int tp = c.ws.runtime().tensorParallel();
                        long per = Math.addExact(KvGeometry.ceilDiv(b - enc, ranks), KvGeometry.ceilDiv(enc, tp));
                        return Figure.of(FigureKey.WEIGHTS_BYTES_PER_GPU, "Weights per GPU", Unit.BYTES, per,
                                Provenance.of("(weights - encoders) / (TP x PP) + encoders / TP", "(" + Units.grouped(b) + " - "
                                        + Units.grouped(enc) + ") / " + ranks + " + " + Units.grouped(enc) + " / " + tp,
                                        "The encoders sit on the first pipeline stage, split by TP like the layers: that "
                                                + "stage holds the most and sizes the pool"));
                    }
                    long per = KvGeometry.ceilDiv(b, ranks);
                    return Figure.of(FigureKey.WEIGHTS_BYTES_PER_GPU, "Weights per GPU", Unit.BYTES, per,
                            Provenance.of("weights / (TP x PP)", Units.grouped(b) + " / " + ranks,
                                    ranks == 1 ? "One GPU holds every weight"
                                            : "Weights split evenly over the replica's GPUs (replicated embeddings "
                                            + "and uneven stages add a little; measure for the final budget)"));
                });
    }

    /** Weights: the checkpoint's bytes when known (they hold the encoders), else the estimate plus the encoders. */
    private static void weightsBytes(Calc c, long enc) {
        Figure exact = c.get(FigureKey.WEIGHTS_CHECKPOINT_BYTES);
        if (exact.available()) {
            String rule = "actual checkpoint bytes (they win over the estimate)";
            c.put(Figure.of(FigureKey.WEIGHTS_BYTES, "Weights", Unit.BYTES, exact.value(), enc > 0
                    ? Provenance.of(rule, Units.bytesText(exact.value()), estimateNote(c),
                            "The checkpoint already holds the encoders: they are not added again")
                    : Provenance.of(rule, Units.bytesText(exact.value()), estimateNote(c))));
        } else {
            c.compute(FigureKey.WEIGHTS_BYTES, "Weights", Unit.BYTES, f("weights.checkpointBytes", "weights.encoderParams"),
                    n(FigureKey.WEIGHTS_ESTIMATED_BYTES), () -> {
                        Figure e = c.get(FigureKey.WEIGHTS_ESTIMATED_BYTES);
                        if (enc == 0) {
                            return Figure.of(FigureKey.WEIGHTS_BYTES, "Weights", Unit.BYTES, e.value(), e.provenance());
                        }
                        long b = Math.addExact(e.value(), enc);
                        return Figure.of(FigureKey.WEIGHTS_BYTES, "Weights", Unit.BYTES, b, Provenance.of(
                                "estimated payload + encoders", Units.grouped(e.value()) + " + " + Units.grouped(enc)
                                        + " = " + Units.bytesText(b), "The language model's estimate plus the vision / audio "
                                        + "encoders the engine loads beside it"));
                    });
        }
    }

    /** The vision / audio encoders' own line: their parameters in the compute dtype. */
    private static void encoders(Calc c, Weights w) {
        c.compute(FigureKey.WEIGHTS_ENCODER_BYTES, "Vision / audio encoders", Unit.BYTES, f("weights.encoderParams"), n(), () -> {
            if (w.encoderParams() == null || w.encoderParams() == 0) {
                return null;
            }
            int bytes = w.computeDtype().bytes();
            long b = Math.multiplyExact(w.encoderParams(), (long) bytes);
            return Figure.of(FigureKey.WEIGHTS_ENCODER_BYTES, "Vision / audio encoders", Unit.BYTES, b,
                    Provenance.of("encoder parameters x compute dtype bytes", Units.grouped(w.encoderParams()) + " x " + bytes
                            + " B = " + Units.bytesText(b), "Encoders and projectors stay in the compute dtype (" + w.computeDtype()
                            .label() + ") beside a quantized language model; the engine loads them and profiles them with a "
                            + "dummy image"));
        });
    }

    /** The encoders' bytes, 0 when there are none (or the field is invalid: the weights are blocked then). */
    static long encoderBytes(Calc c) {
        Figure f = c.get(FigureKey.WEIGHTS_ENCODER_BYTES);
        return f != null && f.available() ? f.value() : 0;
    }

    /** The group size, scale and zero-point bits the estimate uses, resolved from the sheet and the format. */
    private static void quantization(Calc c, Weights w) {
        String[] fields = f("weights.groupSize", "weights.scaleBits", "weights.zeroPointBits", "weights.format");
        c.compute(FigureKey.WEIGHTS_GROUP_SIZE, "Quantization group size", Unit.COUNT, fields, n(),
                () -> Figure.of(FigureKey.WEIGHTS_GROUP_SIZE, "Quantization group size", Unit.COUNT,
                        w.resolvedGroupSize(), Provenance.of(w.groupSize() != null || !w.format().quantized()
                                ? "WEIGHTS › Quantization group size" : "the weight format's native group",
                                Long.toString(w.resolvedGroupSize()), w.format().quantized()
                                ? "Grouped formats store a scale (and zero point) per group"
                                        : "Not quantized: no groups")));
        c.compute(FigureKey.WEIGHTS_SCALE_BITS, "Scale bits per group", Unit.BITS, fields, n(),
                () -> Figure.of(FigureKey.WEIGHTS_SCALE_BITS, "Scale bits per group", Unit.BITS, w.resolvedScaleBits(),
                        Provenance.of(w.scaleBits() != null ? "WEIGHTS › Scale bits per group" : "the weight format's default",
                                Long.toString(w.resolvedScaleBits()))));
        c.compute(FigureKey.WEIGHTS_ZERO_POINT_BITS, "Zero-point bits per group", Unit.BITS, fields, n(),
                () -> Figure.of(FigureKey.WEIGHTS_ZERO_POINT_BITS, "Zero-point bits per group", Unit.BITS,
                        w.resolvedZeroPointBits(), Provenance.of(w.zeroPointBits() != null ? "WEIGHTS › Zero-point bits per group"
                                : "the weight format's default (none for symmetric formats)", Long.toString(w.resolvedZeroPointBits()))));
    }

    private static String estimateNote(Calc c) {
        Figure e = c.get(FigureKey.WEIGHTS_ESTIMATED_BYTES);
        if (e == null || !e.available()) {
            return "No parameter estimate to compare with";
        }
        long exact = c.get(FigureKey.WEIGHTS_CHECKPOINT_BYTES).value();
        double diff = (exact - e.value()) / (double) e.value() * 100;
        return String.format(Locale.ROOT, "The parameter estimate is %s (%+.1f %% from the checkpoint)%s",
                Units.gibText(e.value()), diff, Math.abs(diff) > 3 ? ": check the format, group size and "
                        + "unquantized layers" : "");
    }

    /** bits = quantized x format bits + groups x (scale + zero) bits + unquantized x compute bits. */
    static Figure estimate(Weights w) {
        WeightFormat fmt = w.format();
        long total = w.totalParams();
        long unq = fmt.quantized() && w.unquantizedParams() != null ? w.unquantizedParams() : 0;
        long q = total - unq;
        int group = w.resolvedGroupSize();
        int scale = w.resolvedScaleBits();
        int zero = w.resolvedZeroPointBits();
        long bits = Math.multiplyExact(q, (long) fmt.bits());
        long groups = group > 0 ? KvGeometry.ceilDiv(q, group) : 0;
        long overheadBits = Math.multiplyExact(groups, (long) (scale + zero));
        long unqBits = Math.multiplyExact(unq, (long) w.computeDtype().bytes() * 8);
        long bytes = KvGeometry.ceilDiv(Math.addExact(Math.addExact(bits, overheadBits), unqBits), 8);
        List<String> notes = new ArrayList<>();
        StringBuilder formula = new StringBuilder("parameters x " + fmt.bits() + " bits");
        StringBuilder expr = new StringBuilder(Units.grouped(q) + " x " + fmt.bits() + " bits");
        if (group > 0) {
            formula.append(" + ceil(parameters / group) x (scale + zero-point bits)");
            expr.append(" + ").append(Units.grouped(groups)).append(" x (").append(scale).append(" + ").append(zero)
                    .append(") bits");
            notes.add(String.format(Locale.ROOT, "Grouped quantization: group %d, %d-bit scale, %d-bit zero point"
                    + " = %.4f bytes per parameter", group, scale, zero, (fmt.bits() + (scale + zero) / (double) group) / 8));
        } else if (fmt.quantized()) {
            notes.add("Idealized " + fmt.label() + " payload: no scales or zero points counted; a real checkpoint "
                    + "adds them (about 0.53 B/param for int4 with group 128)");
        }
        if (unq > 0) {
            formula.append(" + unquantized x ").append(w.computeDtype().bytes() * 8).append(" bits");
            expr.append(" + ").append(Units.grouped(unq)).append(" x ").append(w.computeDtype().bytes() * 8).append(" bits");
            notes.add("Embeddings / LM head kept in " + w.computeDtype().label());
        }
        notes.add("A theoretical payload: the checkpoint may hold extra tensors; exact checkpoint bytes win when known");
        return Figure.of(FigureKey.WEIGHTS_ESTIMATED_BYTES, "Estimated weight payload", Unit.BYTES, bytes,
                new Provenance("(" + formula + ") / 8", "(" + expr + ") / 8 = " + Units.bytesText(bytes)
                        + " = " + Units.gbText(bytes) + " = " + Units.gibText(bytes), notes));
    }
}
