package org.vramsheet.core.engine.spi;

import org.vramsheet.core.units.Units;

/**
 * An engine's own terms on the vLLM-calibrated non-KV estimate: a factor on the activation peak, the non-torch memory
 * with tensor parallelism where the engine measured another, and non-torch memory it adds; each with its note.
 */
public record NonKvTerms(double activationFactor, String activationNote, Long tpNonTorchBytes, String tpNote,
                         long extraNonTorchBytes, String extraNote) {
    /** No terms of the engine's own: the vLLM-calibrated estimate as it is, with a note saying so when given. */
    public static NonKvTerms none(String note) { return new NonKvTerms(1, null, null, null, 0, note); }

    /** Extra non-torch memory per GPU, with its note. */
    public static NonKvTerms extra(double gib, String note) { return new NonKvTerms(1, null, null, null, Units.gib(gib), note); }
}
