/**
 * The charts: KV memory and concurrency against context, GPU-memory stacks. Uses {@code core}, {@code ui.model},
 * {@code ui.sections}, {@code ui.text}.
 */
package org.vramsheet.ui.charts;
