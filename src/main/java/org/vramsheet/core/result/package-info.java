/**
 * What a calculation gives: {@link org.vramsheet.core.result.Figure}s (value or reason, with provenance),
 * their typed keys ({@link org.vramsheet.core.result.FigureKey}), the GPU-memory stacks and their formatting.
 * Uses {@code sheet}, {@code input}, {@code units}.
 */
package org.vramsheet.core.result;
