package org.vramsheet.core.input;

/** A problem with one input field: its key (e.g. {@code kv.kvHeads}), its label, and why. */
public record Issue(String field, String label, String message) {
    /** "KV ARCHITECTURE › KV heads: must be at least 1". */
    public String text() { return label + ": " + message; }
}
