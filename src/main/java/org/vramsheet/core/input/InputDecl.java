package org.vramsheet.core.input;

import java.util.Locale;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.NumberGrammar;

/**
 * One worksheet input, declared once: its file key, section, English and Russian labels, kind (unit), valid range,
 * default (the value its absence from a file means), the schema version that added it and how the reports show it.
 *
 * @param key       the path in the worksheet file, "runtime.nodes"; an item field of a list is "kv.windows[].kvHeads"
 * @param min       smallest valid value (RATIO: exclusive 0; non-numeric kinds: 0)
 * @param max       largest valid value (for a list of numbers, of each entry)
 * @param since     the schemaVersion that added the key (files of earlier versions cannot hold it)
 * @param emptySince the schemaVersion from which an empty (null) value may be stored (earlier: absent meant 0)
 */
public record InputDecl(String key, Section section, String label, String labelRu, Kind kind, long min, long max,
                        Object defaultValue, int since, int emptySince, Shown shown) {
    /** What a value is: the unit it is counted in, or how it is written (DECIMAL: a real number in the label's unit). */
    public enum Kind { BYTES, TOKENS, COUNT, RATIO, PERCENT, DECIMAL, TEXT, ENUM, BOOLEAN, DATE, LIST }

    /** The SS-007 section an input belongs to. */
    public enum Section {
        MODEL("MODEL", "МОДЕЛЬ"), WEIGHTS("WEIGHTS", "ВЕСА"), KV("KV ARCHITECTURE", "АРХИТЕКТУРА KV"),
        WORKLOADS("WORKLOADS", "НАГРУЗКИ"), RUNTIME("RUNTIME", "СРЕДА ВЫПОЛНЕНИЯ"), GPU("GPU", "GPU"),
        VALIDATION("VALIDATION", "ПРОВЕРКА"),
        RESULT("RESULT", "РЕЗУЛЬТАТ"), SIGN_OFF("SIGN-OFF", "УТВЕРЖДЕНИЕ"), VARIANTS("VARIANTS", "ВАРИАНТЫ");

        private final String title;
        private final String titleRu;

        Section(String title, String titleRu) {
            this.title = title;
            this.titleRu = titleRu;
        }

        public String title() { return title; }

        public String titleRu() { return titleRu; }
    }

    /**
     * How the reports show an input. ROW: a labelled row of its section (PDF) and a named cell (XLSX); WORKLOAD: a row
     * of the workload table, one column per scenario; PART: inside its list's row and cell (a window group's field);
     * SIGN_OFF: the sign-off block; VARIANTS: the VARIANTS section. Every input but a PART has a named XLSX cell.
     */
    public enum Shown { ROW, WORKLOAD, PART, SIGN_OFF, VARIANTS }

    /** "KV ARCHITECTURE › KV heads", "TYPICAL WORKLOAD › Input tokens": how messages name the field. */
    public String fieldLabel() {
        ScenarioId s = scenario();
        return (s == null ? section.title() : s.label().toUpperCase(Locale.ROOT) + " WORKLOAD") + " › " + label;
    }

    /**
     * How the sheet's number grammar reads this input ({@link NumberGrammar}), null for one that is not a whole number.
     * A COUNT whose key ends in "Params" (weights.totalParams, activeParams, unquantizedParams, encoderParams) is a
     * parameter count and takes K, M, B, T; a workload's sequence lengths are tokens.
     */
    public NumberGrammar.Kind grammar() {
        return switch (kind) {
            case BYTES -> NumberGrammar.Kind.BYTES;
            case TOKENS -> NumberGrammar.Kind.TOKENS;
            case COUNT -> key.endsWith("Params") ? NumberGrammar.Kind.PARAMS : NumberGrammar.Kind.COUNT;
            case LIST -> key.endsWith(".sequenceLengths") ? NumberGrammar.Kind.TOKENS : null;
            default -> null;
        };
    }

    /** The workload scenario a WORKLOADS key belongs to ("workloads.heavy.inputTokens": HEAVY), else null. */
    public ScenarioId scenario() {
        if (section != Section.WORKLOADS) {
            return null;
        }
        String k = key.split("\\.")[1];
        for (ScenarioId id : ScenarioId.values()) {
            if (id.key().equals(k)) {
                return id;
            }
        }
        throw new IllegalStateException("a workload key names a scenario: " + key);
    }

    /** The field's name within its record ("inputTokens" for "workloads.typical.inputTokens"). */
    public String field() { return key.substring(key.lastIndexOf('.') + 1); }

    /** The XLSX defined name of its cell: the key with dots as underscores ("runtime_nodes"); null for a PART. */
    public String cellName() { return shown == Shown.PART ? null : key.replace('.', '_'); }

    /** The list key a PART belongs to ("kv.windows" for "kv.windows[].kvHeads"), else null. */
    public String parent() {
        int i = key.indexOf("[]");
        return i < 0 ? null : key.substring(0, i);
    }
}
