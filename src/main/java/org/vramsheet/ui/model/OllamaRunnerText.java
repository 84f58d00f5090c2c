package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import org.vramsheet.core.sheet.Worksheet;

/**
 * What RUNTIME › Ollama settings give, as the window shows it under them: the runner's values in one line, then the rule
 * behind each (core.engine.ollama.OllamaDefaults), then what Ollama refuses or ignores. Empty for another engine.
 */
public final class OllamaRunnerText {
    private OllamaRunnerText() { }

    public static String of(Worksheet ws) {
        if (ws == null || !Engines.of(ws.runtime().engine()).usesOllamaSettings()) {
            return "";
        }
        OllamaRunnerSetup s;
        try {
            s = OllamaSheet.runnerSetup(ws);
        } catch (ArithmeticException e) {
            return ""; // num_ctx x parallel beyond a long: the field says why
        }
        List<String> lines = new ArrayList<>();
        lines.add("The runner: num_ctx " + s.numCtx().value() + " x " + s.parallel().value() + " parallel = "
                + s.runnerContext().value() + " cells, cache '" + s.cacheTypeK().value() + "', flash attention '"
                + s.flashAttention().value() + "', num_batch " + s.batch().value() + ", GPU layers '" + s.gpuLayers().value()
                + "'");
        List<String> notes = OllamaSheet.notes(s);
        lines.addAll(notes.subList(1, notes.size()));
        return String.join("\n", lines);
    }
}
