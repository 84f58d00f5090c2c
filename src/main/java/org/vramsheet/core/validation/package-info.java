/**
 * Predicted against measured: an engine's measured memory (a parsed log) compared with the sheet,
 * its likely causes, and applying its setup. Uses {@code calc}, {@code engine}, {@code result}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.validation;
