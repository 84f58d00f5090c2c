package org.vramsheet.core.compare;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * A sheet's variants side by side: each one calculated at the shown variant's context (so "max concurrency" compares
 * like with like), the inputs in which they differ, and each one's concurrency curve for the overlay chart. The window,
 * the PDF and the XLSX all print this one table.
 */
public final class Comparison {
    /** The results compared, in the order they are shown. */
    public static final List<FigureKey> RESULTS = results();

    /**
     * The memory verdict and its parts, then per scenario the latency estimate (ITL, TTFT, output tokens/s) and the cost
     * per million output tokens (issue 29): the same rows in the window, the PDF and the XLSX.
     */
    private static List<FigureKey> results() {
        List<FigureKey> out = new ArrayList<>(List.of(FigureKey.RESULT_FITS, FigureKey.RESULT_MARGIN_BYTES,
                FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES, FigureKey.WEIGHTS_BYTES_PER_GPU,
                FigureKey.KV_CACHE_BYTES_PER_TOKEN, FigureKey.POOL_KV_POOL_BYTES_REPLICA, FigureKey.POOL_CAPACITY_TOKENS,
                FigureKey.POOL_MAX_CONCURRENCY));
        for (ScenarioId id : ScenarioId.values()) {
            out.add(FigureKey.performance(id, LatencyFigure.ITL));
            out.add(FigureKey.performance(id, LatencyFigure.TTFT));
            out.add(FigureKey.performance(id, LatencyFigure.THROUGHPUT));
            out.add(FigureKey.costPerMillion(id));
        }
        return List.copyOf(out);
    }

    /** One variant: its name, whether it is the one shown, its inputs (at the shared context) and what they give. */
    public record Column(String name, boolean active, Worksheet sheet, SizingResult result, Curves.Series concurrency) { }

    /** An input in which the variants differ: its field label and each variant's value, as the file holds it. */
    public record InputRow(String field, String label, List<String> values) { }

    /**
     * @param context the tokens per sequence every variant's concurrency is taken at (null: each its own max model length)
     * @param notes   what a reader must know to read the table right (a shared measurement that cannot hold for all)
     */
    public record Table(Long context, List<Column> columns, List<InputRow> differences, List<String> notes) {
        public boolean empty() { return columns.size() < 2; }

        /** The results compared, in the order they are shown ({@link Comparison#RESULTS}). */
        public List<FigureKey> results() { return RESULTS; }
    }

    private Comparison() { }

    /** The comparison of a sheet's variants (one column, no differences, for a sheet without variants). */
    public static Table of(Worksheet ws) {
        return of(ws, null, Curves.POINTS);
    }

    /**
     * As {@link #of(Worksheet)}, taking {@code shown} (the calculation of {@code ws}) as the shown variant's: the
     * calculation reads neither the sign-off nor the variants, so the figures of a variant holding the shown inputs
     * are the sheet's own.
     */
    public static Table of(Worksheet ws, SizingCalculator.Outcome shown) {
        return of(ws, shown, Curves.POINTS);
    }

    /** At another chart resolution (tests). */
    public static Table of(Worksheet ws, int points) {
        return of(ws, null, points);
    }

    private static Table of(Worksheet ws, SizingCalculator.Outcome shown, int points) {
        Long context = ws.result().contextLength();
        List<Column> columns = new ArrayList<>();
        Worksheet shownInputs = Variants.inputsOf(ws);
        for (Variants.Variant v : Variants.all(ws)) {
            Worksheet s = v.sheet().withResult(v.sheet().result().withContextLength(context));
            SizingCalculator.Outcome o = shown != null && s.equals(shownInputs) ? shown : SizingCalculator.compute(s);
            Curves.Charts c = Curves.of(o, points);
            columns.add(new Column(v.name(), v.name().equals(ws.variants().active()), s, o.result(),
                    c == null ? new Curves.Series(v.name(), List.of()) : new Curves.Series(v.name(), c.concurrency().points())));
        }
        List<InputRow> differences = differences(columns);
        return new Table(context, columns, differences, notes(columns, differences));
    }

    /** Inputs a measured non-KV footprint depends on: what was loaded, by which engine, on which GPUs. */
    private static boolean shapesNonKv(String field) {
        return field.startsWith("model.") || field.startsWith("weights.") || field.startsWith("gpu.")
                || field.equals("runtime.engine") || field.equals("runtime.engineVersion");
    }

    /**
     * Variants sharing one measured non-KV footprint (VALIDATION) while differing in what it depends on: the measurement
     * holds the weights it was measured with, so their pools cannot show the difference. The engine's number is kept
     * (it is what it measured), and the reader is told.
     */
    private static boolean stale(Column c) { return c.result().get(FigureKey.VALIDATION_STALE_NON_KV).isTrue(); }

    private static List<String> notes(List<Column> columns, List<InputRow> differences) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Long mi = columns.get(i).sheet().validation().measuredNonKvBytes();
            for (int j = i + 1; j < columns.size() && mi != null; j++) {
                if (!mi.equals(columns.get(j).sheet().validation().measuredNonKvBytes())) {
                    continue;
                }
                int a = i;
                int b = j;
                boolean differ = differences.stream().filter(r -> shapesNonKv(r.field()))
                        .anyMatch(r -> !r.values().get(a).equals(r.values().get(b)));
                if (differ && (stale(columns.get(a)) || stale(columns.get(b)))) {
                    Column other = stale(columns.get(b)) ? columns.get(b) : columns.get(a);
                    out.add("'" + other.name() + "' holds the measured non-KV footprint of another setup (VALIDATION): it is "
                            + "not used there, so its pool is estimated. Apply that variant's own engine log to measure it.");
                } else if (differ) {
                    out.add("'" + columns.get(i).name() + "' and '" + columns.get(j).name() + "' use the same measured non-KV "
                            + "footprint (VALIDATION › Measured non-KV footprint), measured with one set of weights, but "
                            + "their model, weights, GPU or engine differ: their KV pools do not show that difference. Clear "
                            + "the measurement in the variant it was not measured on to use the estimate.");
                }
            }
        }
        out.addAll(sharedCheckpoints(columns, differences));
        return out;
    }

    /**
     * Variants sharing one "actual checkpoint bytes" while their weight dtype differs: the actual bytes win over the
     * estimate, so the dtype changes nothing until the other checkpoint's size is entered (or the field is cleared).
     */
    private static List<String> sharedCheckpoints(List<Column> columns, List<InputRow> differences) {
        List<String> out = new ArrayList<>();
        InputRow format = differences.stream().filter(r -> r.field().equals("weights.format")).findFirst().orElse(null);
        for (int i = 0; i < columns.size() && format != null; i++) {
            Long ci = columns.get(i).sheet().weights().checkpointBytes();
            for (int j = i + 1; j < columns.size() && ci != null; j++) {
                if (ci.equals(columns.get(j).sheet().weights().checkpointBytes())
                        && !format.values().get(i).equals(format.values().get(j))) {
                    out.add("'" + columns.get(i).name() + "' and '" + columns.get(j).name() + "' have the same actual checkpoint bytes "
                            + "(WEIGHTS › Actual checkpoint bytes) but another weight dtype: the actual bytes are used, so "
                            + "their weights do not show the dtype. Enter the size of the other checkpoint, or clear the field "
                            + "to use the estimate.");
                }
            }
        }
        return out;
    }

    private static List<InputRow> differences(List<Column> columns) {
        List<Map<String, String>> flat = new ArrayList<>();
        for (Column c : columns) {
            Map<String, String> m = new LinkedHashMap<>();
            flatten("", Variants.inputsOf(c.sheet()), m);
            flat.add(m);
        }
        List<InputRow> rows = new ArrayList<>();
        if (flat.size() < 2) {
            return rows;
        }
        for (String field : flat.get(0).keySet()) {
            List<String> values = flat.stream().map(m -> m.getOrDefault(field, "")).toList();
            if (values.stream().distinct().count() > 1 && !field.equals("result.contextLength")) {
                rows.add(new InputRow(field, label(field), values));
            }
        }
        return rows;
    }

    /** Every input as "section.field" to its value (a list, e.g. sequence lengths or layer windows, as one value). */
    private static void flatten(String prefix, Object value, Map<String, String> out) {
        if (value instanceof Record r && !(value instanceof Variants) && !(value instanceof SignOff)) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    flatten(prefix.isEmpty() ? c.getName() : prefix + "." + c.getName(), c.getAccessor().invoke(r), out);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("a record's accessor is public", e);
                }
            }
        } else if (!(value instanceof Record)) {
            out.put(prefix, prefix.endsWith("Bytes") && value instanceof Long b ? bytes(b) : text(value));
        }
    }

    /** A size as the sheet shows it: both units, never raw bytes. */
    static String bytes(long b) {
        return Units.gibText(b) + " (" + Units.gbText(b) + ")";
    }

    /** A value as one short text: a list's items joined by "; ", a record's set fields as "name value". */
    static String text(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Enum<?> e) {
            return label(e);
        }
        if (value instanceof List<?> l) {
            return String.join("; ", l.stream().map(Comparison::text).toList());
        }
        if (value instanceof Record r) {
            List<String> parts = new ArrayList<>();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    Object v = c.getAccessor().invoke(r);
                    if (v != null) {
                        parts.add(c.getName() + " " + text(v));
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("a record's accessor is public", e);
                }
            }
            return String.join(", ", parts);
        }
        if (value instanceof Long || value instanceof Integer) {
            return Units.grouped(((Number) value).longValue());
        }
        return String.valueOf(value);
    }

    private static String label(Enum<?> e) {
        try {
            return String.valueOf(e.getClass().getMethod("label").invoke(e));
        } catch (ReflectiveOperationException | RuntimeException x) {
            return e.name();
        }
    }

    private static String label(String field) {
        String l = Fields.label(field);
        return l.equals(field) ? field : l;
    }
}
