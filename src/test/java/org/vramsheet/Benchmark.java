package org.vramsheet;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/** Marks a timing test: slow and machine-dependent; {@code mvn -Pfast} leaves it out (tag {@code benchmark}). */
@Retention(RUNTIME)
@Target({TYPE, METHOD})
@Tag("benchmark")
public @interface Benchmark {
}
