package org.vramsheet.core.input;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.input.InputDecl.Kind;
import org.vramsheet.core.input.InputDecl.Section;
import org.vramsheet.core.input.InputDecl.Shown;

/**
 * Collects declarations one line each: {@code n(...)} a number, {@code t(...)} anything else, then {@code is(default)},
 * {@code since(version)}, {@code emptySince(version)} for the one just added. Section and report form follow from the key.
 */
final class DeclList {
    final List<InputDecl> list = new ArrayList<>();

    /** A number in [min, max]; default null, since version 1. */
    DeclList n(String key, String label, String ru, Kind kind, long min, long max) {
        list.add(new InputDecl(key, section(key), label, ru, kind, min, max, null, 1, 1, shown(key)));
        return this;
    }

    /** A text, enum, boolean, date or list; default null, since version 1. */
    DeclList t(String key, String label, String ru, Kind kind) {
        return n(key, label, ru, kind, 0, 0);
    }

    /** The value the last input's absence means. */
    DeclList is(Object dflt) {
        return with(dflt, last().since(), last().emptySince());
    }

    /** The schema version that added the last input. */
    DeclList since(int version) {
        return with(last().defaultValue(), version, last().emptySince());
    }

    /** The schema version from which the last input may be stored empty. */
    DeclList emptySince(int version) {
        return with(last().defaultValue(), last().since(), version);
    }

    private InputDecl last() { return list.get(list.size() - 1); }

    private DeclList with(Object dflt, int since, int emptySince) {
        InputDecl d = last();
        list.set(list.size() - 1, new InputDecl(d.key(), d.section(), d.label(), d.labelRu(), d.kind(), d.min(), d.max(), dflt,
                since, emptySince, d.shown()));
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
