package org.vramsheet.core.engine.ollama;

/** Ollama's planner's estimate, or why there is none (a field and its reason; a release without the planner). */
public record OllamaPlanned(OllamaPlan plan, String problem) {
    static OllamaPlanned of(OllamaPlan p) { return new OllamaPlanned(p, null); }

    static OllamaPlanned refused(String why) { return new OllamaPlanned(null, why); }

    public boolean ok() { return plan != null; }
}
