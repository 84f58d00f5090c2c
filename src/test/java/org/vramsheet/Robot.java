package org.vramsheet;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/** Marks a test that drives the real window (TestFX; headless under Monocle); {@code mvn -Pfast} leaves it out (tag {@code robot}). */
@Retention(RUNTIME)
@Target({TYPE, METHOD})
@Tag("robot")
public @interface Robot {
}
