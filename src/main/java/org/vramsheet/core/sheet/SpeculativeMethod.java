package org.vramsheet.core.sheet;

/**
 * RUNTIME › Speculative decoding: how the engine proposes the tokens its target model verifies. The names are the engines'
 * own: vLLM's {@code speculative_config.method} ("draft_model", "eagle", "eagle3", "mtp", "ngram") and SGLang's
 * {@code --speculative-algorithm} (STANDALONE, EAGLE, EAGLE3, NEXTN, NGRAM); llama.cpp runs a draft model ({@code -md}).
 */
public enum SpeculativeMethod {
    NONE("none"), DRAFT_MODEL("draft model"), EAGLE("EAGLE"), EAGLE3("EAGLE-3"), MTP("MTP"), NGRAM("n-gram");

    private final String label;

    SpeculativeMethod(String label) { this.label = label; }

    public String label() { return label; }

    /** Whether the method loads weights of its own (a draft model, EAGLE heads, the checkpoint's MTP layers). */
    public boolean hasDraft() { return this != NONE && this != NGRAM; }
}
