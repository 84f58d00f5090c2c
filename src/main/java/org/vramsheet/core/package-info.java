/**
 * The SS-007 arithmetic, pure: no JavaFX, no I/O (java.io, java.nio, java.net), enforced by ArchitectureTest.
 * Its rooms, lowest first: {@code sheet} (the inputs), {@code units}, {@code engine} (engine rules), {@code input}
 * (checks of the inputs), {@code kv} (KV geometry), {@code result} (figures and their keys), {@code calc} (the
 * calculation), then {@code curves}, {@code placement} and {@code validation}, which run it.
 */
package org.vramsheet.core;
