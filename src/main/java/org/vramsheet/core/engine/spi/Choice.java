package org.vramsheet.core.engine.spi;

/** A default value an engine chose, and the sentence that explains why it is what it is. */
public record Choice<T>(T value, String why) {
    /** The value typed on the sheet, when there is one, else the engine's default. */
    public static <T> Choice<T> typedOr(T typed, Choice<T> engineDefault) {
        return typed != null ? new Choice<>(typed, "set on the sheet") : engineDefault;
    }
}
