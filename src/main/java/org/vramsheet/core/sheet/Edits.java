package org.vramsheet.core.sheet;

import java.util.Set;

/**
 * Small named edits of a sheet that several callers share (the CLI's overrides, the log comparison). Each says
 * which fields it owns; every other field is kept (checked by the edit property test).
 */
public final class Edits {
    /** What {@link #contextLength} owns. */
    public static final Set<String> CONTEXT_LENGTH_OWNS = Set.of("result.contextLength");
    /** What {@link #targetSequences} owns. */
    public static final Set<String> TARGET_SEQUENCES_OWNS = Set.of("result.targetSequences");

    private Edits() { }

    /** RESULT › context length for concurrency set to n tokens ({@code calc --context N}). */
    public static Worksheet contextLength(Worksheet ws, Long n) {
        return ws.withResult(ws.result().withContextLength(n));
    }

    /** RESULT › target concurrent sequences set to n ({@code plan --target N}). */
    public static Worksheet targetSequences(Worksheet ws, Long n) {
        return ws.withResult(ws.result().withTargetSequences(n));
    }
}
