package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The launch an engine that places memory per device runs with, as llama.cpp's flags: {@code -c 8192; -np 1; -ngl 999;
 * -ctk f16; -ctv f16; -fa auto; -ub 512; -b 2048; GPUs 1} (Ollama: the runner it starts, core.engine.ollama OllamaSheet).
 * Every buffer per device depends on all of it (llama-model.cpp load_tensors, llama-kv-cache.cpp, llama-context.cpp), so a
 * measurement per device is of this launch only: {@link #changes} names what differs.
 */
final class LaunchText {
    private LaunchText() { }

    /** The launch of the sheet as its engine runs it, or null for an engine that places no memory per device. */
    static String of(Worksheet ws) {
        EngineModule e = Engines.of(ws.runtime().engine());
        if (!e.placesPerDevice()) {
            return null;
        }
        Worksheet l;
        try {
            l = SizingCalculator.launched(e.asRun(ws));
        } catch (RuntimeException x) {
            return null; // a launch the sheet cannot compute (the validator names the field): nothing to compare with
        }
        RuntimeSettings r = l.runtime();
        LlamaCppSettings f = r.llamaCpp();
        List<String> out = new ArrayList<>();
        Long ctx = WorksheetValidator.effectiveMaxModelLen(l);
        out.add("-c " + (ctx == null ? "-" : ctx));
        out.add("-np " + (r.maxNumSeqs() != null ? r.maxNumSeqs() : e.defaultMaxNumSeqs(r).value()));
        out.add("-ngl " + f.resolvedGpuLayers());
        if (!f.tensorSplit().isEmpty()) {
            out.add("-ts " + String.join(",", f.tensorSplit().stream().map(LaunchText::number).toList()));
        }
        String k = cacheType(l.kv().kvDtype());
        out.add("-ctk " + k);
        out.add("-ctv " + (f.cacheTypeV() == null ? k : cacheType(f.cacheTypeV())));
        out.add("-fa " + f.flashAttention().name().toLowerCase(Locale.ROOT));
        out.add("-ub " + (f.ubatch() == null ? LlamaCppSettings.UBATCH : f.ubatch()));
        out.add("-b " + (f.batch() == null ? LlamaCppSettings.BATCH : f.batch()));
        out.add("--kv-unified " + (f.kvUnified() ? "on" : "off"));
        out.add("--no-kv-offload " + (f.noKvOffload() ? "on" : "off"));
        out.add("GPUs " + (l.gpu().count() == null ? 1 : l.gpu().count()));
        return String.join("; ", out);
    }

    /** What differs between two launches, "-ngl 999 → 30" each; empty when either is unknown or they are the same. */
    static List<String> changes(String then, String now) {
        List<String> out = new ArrayList<>();
        if (then == null || now == null || then.equals(now)) {
            return out;
        }
        Map<String, String> a = flags(then);
        Map<String, String> b = flags(now);
        for (Map.Entry<String, String> x : a.entrySet()) {
            String v = b.getOrDefault(x.getKey(), "-");
            if (!v.equals(x.getValue())) {
                out.add(x.getKey() + " " + x.getValue() + " → " + v);
            }
        }
        b.forEach((flag, v) -> {
            if (!a.containsKey(flag)) {
                out.add(flag + " - → " + v);
            }
        });
        return out;
    }

    private static Map<String, String> flags(String launch) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : launch.split("; ")) {
            int sp = part.indexOf(' ');
            out.put(sp < 0 ? part : part.substring(0, sp), sp < 0 ? "" : part.substring(sp + 1));
        }
        return out;
    }

    /** llama.cpp's name of a cache type ("f16" for auto), or the sheet's label when llama.cpp has none (the validator says). */
    private static String cacheType(KvDtype d) {
        LlamaCppCacheType t = LlamaCppCacheType.of(d);
        return t == null ? d.label() : t.ggmlName();
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
