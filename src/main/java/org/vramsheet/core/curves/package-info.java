/**
 * Curves for the context slider and the charts (KV memory and concurrency against context),
 * computed by running the calculation, and the latency curves. Uses {@code calc}, {@code engine}, {@code perf}, {@code result},
 * {@code sheet}.
 */
package org.vramsheet.core.curves;
