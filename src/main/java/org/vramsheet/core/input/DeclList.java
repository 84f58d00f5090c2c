package org.vramsheet.core.input;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.input.InputDecl.Kind;
import org.vramsheet.core.input.InputDecl.Section;
import org.vramsheet.core.input.InputDecl.Shown;

/** Collects declarations one line each; the section and how the reports show one follow from its key. */
final class DeclList {
    final List<InputDecl> list = new ArrayList<>();

    /** A number in [min, max]. */
    DeclList n(String key, String label, String ru, Kind kind, long min, long max, Object dflt, int since) {
        return add(key, label, ru, kind, min, max, dflt, since, 1);
    }

    /** A text, enum, boolean, date or list. */
    DeclList t(String key, String label, String ru, Kind kind, Object dflt, int since) {
        return add(key, label, ru, kind, 0, 0, dflt, since, 1);
    }

    DeclList add(String key, String label, String ru, Kind kind, long min, long max, Object dflt, int since, int emptySince) {
        list.add(new InputDecl(key, section(key), label, ru, kind, min, max, dflt, since, emptySince, shown(key)));
        return this;
    }

    private static Section section(String key) {
        return switch (key.split("[.\\[]")[0]) {
            case "model" -> Section.MODEL;
            case "weights" -> Section.WEIGHTS;
            case "kv" -> Section.KV;
            case "workloads" -> Section.WORKLOADS;
            case "runtime" -> Section.RUNTIME;
            case "gpu" -> Section.GPU;
            case "validation" -> Section.VALIDATION;
            case "result" -> Section.RESULT;
            case "signOff" -> Section.SIGN_OFF;
            case "variants" -> Section.VARIANTS;
            default -> throw new IllegalArgumentException("no section for " + key);
        };
    }

    private static Shown shown(String key) {
        if (key.contains("[]")) {
            return Shown.PART;
        }
        return switch (section(key)) {
            case WORKLOADS -> Shown.WORKLOAD;
            case SIGN_OFF -> Shown.SIGN_OFF;
            case VARIANTS -> Shown.VARIANTS;
            default -> Shown.ROW;
        };
    }
}
