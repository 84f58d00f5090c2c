/**
 * The charts: KV memory and concurrency against context, GPU-memory stacks. Uses {@code ui.model}, {@code ui.sections}.
 */
package org.vramsheet.ui.charts;
