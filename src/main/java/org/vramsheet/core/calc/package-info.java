/**
 * The calculation, step by step (weights, KV, engine pool, workloads, budget, placement) over one shared
 * {@link org.vramsheet.core.calc.Calc}; {@link org.vramsheet.core.calc.SizingCalculator} is the entry point.
 * Uses {@code engine}, {@code input}, {@code kv}, {@code perf}, {@code result}, {@code sheet}, {@code units}: every lower room of
 * {@code core}.
 */
package org.vramsheet.core.calc;
