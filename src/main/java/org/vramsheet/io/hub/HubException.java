package org.vramsheet.io.hub;

/** A Hub request that failed, with a message a user can act on (never containing the token). */
public class HubException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * What went wrong, for tests and the dialog. {@code GGUF_ONLY}: the repository has GGUF files and no config.json, so
     * a GGUF file must be chosen ({@code HubClient#files} lists them).
     */
    public enum Kind { GATED, NOT_FOUND, OFFLINE, TIMEOUT, CANCELLED, BAD_RESPONSE, BAD_TOKEN, GGUF_ONLY }

    private final Kind kind;

    public HubException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() { return kind; }
}
