/**
 * The charts: a tab shell over one class per chart (KV memory and concurrency against context, GPU-memory stacks) and the
 * Compare view. Uses {@code core}, {@code ui.model}, {@code ui.sections}, {@code ui.text}.
 */
package org.vramsheet.ui.charts;
