package org.vramsheet;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/** Marks a test that needs a tool outside the JVM (e.g. LibreOffice); {@code mvn -Pfast} leaves it out (tag {@code external}). */
@Retention(RUNTIME)
@Target({TYPE, METHOD})
@Tag("external")
public @interface External {
}
