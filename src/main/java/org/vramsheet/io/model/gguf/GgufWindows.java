package org.vramsheet.io.model.gguf;

import java.util.Set;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.units.Units;

/**
 * Which layers of a GGUF model attend within a window, the way llama.cpp's llama-model.cpp {@code load_hparams} sets
 * them per architecture ({@code hparams.set_swa_pattern(n)}: layer {@code il} slides when {@code il % n < n - 1}, so one
 * layer in n is full attention; llama-hparams.cpp):
 * <ul>
 * <li>gemma2: pattern 2, window {@code .attention.sliding_window} or 4,096; gemma3: 6; cohere2: 4; gpt-oss: 2 (window
 * from the key);</li>
 * <li>gemma3n: {@code .attention.sliding_window_pattern} or 5; gemma4: {@code .attention.sliding_window_pattern}, a
 * period or one bool per layer (true: sliding);</li>
 * <li>olmo2: pattern 4 when the window is above 0; exaone4: pattern 4 and window 4,096 (the key wins) for the 64-layer
 * model only; smallthinker: window 4,096 with the dense layer first ({@code il % 4 != 0} slides) when the key is above 0;</li>
 * <li>llama4: chunked attention, chunk 8,192 and pattern 4 (llama.cpp sets both) unless the window key is 0;</li>
 * <li>phi3: llama.cpp turns its sliding window off ("Phi SWA is currently disabled").</li>
 * </ul>
 * Any other architecture slides only when its file gives both the window and {@code .attention.sliding_window_pattern};
 * a window without a pattern is not applied, and the import says so.
 */
final class GgufWindows {
    /** Architectures whose window rule is llama.cpp's own (above); others are read from the generic keys. */
    static final Set<String> RULED = Set.of("gemma2", "gemma3", "gemma3n", "gemma4", "cohere2", "gpt-oss", "olmo2", "exaone4",
            "llama4", "smallthinker", "phi3");
    private static final long MAX_WINDOW = Inputs.get("kv.windows[].window").max();

    /** Sliding (or chunked) layers, the window in tokens (0: none) and its kind. */
    record Plan(boolean[] sliding, long window, WindowKind kind) {
        static Plan none(int layers) { return new Plan(new boolean[layers], 0, WindowKind.SLIDING); }

        int count() {
            int n = 0;
            for (boolean b : sliding) {
                n += b ? 1 : 0;
            }
            return n;
        }
    }

    private GgufWindows() { }

    static Plan read(GgufKeys k, int layers, GgufNotes notes) {
        Long key = k.count("attention.sliding_window", 0, MAX_WINDOW);
        String a = k.arch();
        Plan p = switch (a) {
            case "gemma2" -> periodic(layers, key != null ? key : defaulted(k, 4096, notes), 2);
            case "gemma3" -> keyed(k, key, layers, 6, notes);
            case "cohere2" -> keyed(k, key, layers, 4, notes);
            case "gpt-oss" -> keyed(k, key, layers, 2, notes);
            case "gemma3n" -> keyed(k, key, layers, patternPeriod(k, 5), notes);
            case "gemma4" -> generic(k, key, layers, notes, true);
            case "olmo2" -> key != null && key > 0 ? periodic(layers, key, 4) : Plan.none(layers);
            case "exaone4" -> layers == 64 ? periodic(layers, key != null ? key : defaulted(k, 4096, notes), 4)
                    : unused(k, key, layers, notes);
            case "llama4" -> llama4(k, key, layers, notes);
            case "smallthinker" -> key != null && key > 0 ? denseFirst(k, key, layers, notes) : Plan.none(layers);
            case "phi3" -> phi3(k, key, layers, notes);
            default -> generic(k, key, layers, notes, false);
        };
        if (p.count() > 0 && p.window() > 0) {
            notes.detect(describe(k, p, layers));
            return p;
        }
        return Plan.none(layers);
    }

    private static String describe(GgufKeys k, Plan p, int layers) {
        String what = p.kind() == WindowKind.CHUNKED ? "chunked attention, chunk " : "sliding window ";
        String rule = RULED.contains(k.arch()) ? " (llama-model.cpp load_hparams, '" + k.arch() + "')"
                : " ('" + k.key("attention.sliding_window_pattern") + "')";
        return what + Units.grouped(p.window()) + " tokens on " + p.count() + " of " + layers + " layers ('"
                + k.key("attention.sliding_window") + "')" + rule;
    }

    private static long defaulted(GgufKeys k, long window, GgufNotes notes) {
        notes.assume("no '" + k.key("attention.sliding_window") + "': window " + Units.grouped(window) + " tokens, the default of "
                + "llama.cpp for '" + k.arch() + "'");
        return window;
    }

    /** A window the architecture needs from its key; without it llama.cpp refuses the file, and the import warns. */
    private static Plan keyed(GgufKeys k, Long key, int layers, long period, GgufNotes notes) {
        if (key == null) {
            notes.warn("no '" + k.key("attention.sliding_window") + "': llama.cpp needs it for '" + k.arch()
                    + "'; every layer read as full attention");
            return Plan.none(layers);
        }
        return periodic(layers, key, period);
    }

    /** set_swa_pattern(period): layer il slides when il % period < period - 1 (0: every layer). */
    static Plan periodic(int layers, long window, long period) {
        boolean[] s = new boolean[layers];
        for (int il = 0; il < layers; il++) {
            s[il] = period == 0 || il % period < period - 1;
        }
        return new Plan(s, window, WindowKind.SLIDING);
    }

    private static long patternPeriod(GgufKeys k, long fallback) {
        Long p = k.isArray("attention.sliding_window_pattern") ? null
                : k.count("attention.sliding_window_pattern", 0, GgufLimits.MAX_LAYERS);
        return p == null ? fallback : p;
    }

    /** The generic keys: a window above 0 and a pattern (a period or one bool per layer). */
    private static Plan generic(GgufKeys k, Long key, int layers, GgufNotes notes, boolean ruled) {
        String pk = "attention.sliding_window_pattern";
        if (!k.has(pk)) {
            if (ruled) {
                notes.warn("no '" + k.key(pk) + "': llama.cpp needs it for '" + k.arch() + "'; every layer read as full attention");
                return Plan.none(layers);
            }
            return unused(k, key, layers, notes);
        }
        if (key == null || key == 0) {
            return Plan.none(layers);
        }
        boolean[] flags = k.flags(pk, layers);
        Plan p = flags != null ? new Plan(flags, key, WindowKind.SLIDING) : periodic(layers, key, patternPeriod(k, 1));
        if (!ruled && p.count() > 0) {
            notes.assume("'" + k.arch() + "' has no window rule of its own in llama.cpp known to the importer: the sliding "
                    + "layers are read from '" + k.key(pk) + "'");
        }
        return p;
    }

    /** A window key the architecture's rule does not use. */
    private static Plan unused(GgufKeys k, Long key, int layers, GgufNotes notes) {
        if (key != null && key > 0) {
            notes.warn("'" + k.key("attention.sliding_window") + "' is " + Units.grouped(key) + " but llama.cpp applies no "
                    + "window to '" + k.arch() + "' without '" + k.key("attention.sliding_window_pattern")
                    + "': every layer read as full attention");
        }
        return Plan.none(layers);
    }

    private static Plan llama4(GgufKeys k, Long key, int layers, GgufNotes notes) {
        if (key != null && key == 0) {
            notes.detect("'" + k.key("attention.sliding_window") + "' is 0: no chunked attention (llama-model.cpp, 'llama4')");
            return Plan.none(layers);
        }
        if (key != null && key != 8192) {
            notes.warn("'" + k.key("attention.sliding_window") + "' is " + Units.grouped(key) + " but llama.cpp uses chunks "
                    + "of 8,192 for 'llama4'");
        }
        Plan p = periodic(layers, 8192, 4);
        return new Plan(p.sliding(), 8192, WindowKind.CHUNKED);
    }

    private static Plan denseFirst(GgufKeys k, long key, int layers, GgufNotes notes) {
        if (key != 4096) {
            notes.warn("'" + k.key("attention.sliding_window") + "' is " + Units.grouped(key) + " but llama.cpp uses a window "
                    + "of 4,096 for 'smallthinker'");
        }
        boolean[] s = new boolean[layers];
        for (int il = 0; il < layers; il++) {
            s[il] = il % 4 != 0;
        }
        return new Plan(s, 4096, WindowKind.SLIDING);
    }

    private static Plan phi3(GgufKeys k, Long key, int layers, GgufNotes notes) {
        if (key != null && key > 0) {
            notes.detect("'" + k.key("attention.sliding_window") + "' is " + Units.grouped(key) + " but llama.cpp turns the "
                    + "window off for 'phi3' (\"Phi SWA is currently disabled\"): every layer holds the whole context");
        }
        return Plan.none(layers);
    }
}
