package org.vramsheet.io.ollama;

import java.util.List;

/**
 * What a Modelfile says that sizing needs (parser/parser.go {@code ParseFile} and {@code CreateRequest}): the base model,
 * adapters, a draft model, the parameters and the sizes of the texts. Other commands are read and kept only as counts.
 *
 * @param from       the FROM argument: a model name or a path to a GGUF file or directory
 * @param adapters   ADAPTER paths, in order
 * @param draft      the DRAFT path, or null
 * @param parameters PARAMETER lines, typed (a later line replaces an earlier one; {@code stop} lines add up)
 * @param template   the TEMPLATE text, or null
 * @param system     the SYSTEM text, or null
 * @param licenses   how many LICENSE texts
 * @param messages   how many MESSAGE lines
 * @param requires   the REQUIRES version, or null
 */
public record Modelfile(String from, List<String> adapters, String draft, OllamaParams parameters, String template,
                        String system, int licenses, int messages, String requires) {
    public Modelfile {
        adapters = List.copyOf(adapters);
    }
}
