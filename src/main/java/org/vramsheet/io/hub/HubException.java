package org.vramsheet.io.hub;

/** A Hub request that failed, with a message a user can act on (never containing the token). */
public class HubException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, for tests and the dialog. */
    public enum Kind { GATED, NOT_FOUND, OFFLINE, TIMEOUT, CANCELLED, BAD_RESPONSE, BAD_TOKEN }

    private final Kind kind;

    public HubException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() { return kind; }
}
