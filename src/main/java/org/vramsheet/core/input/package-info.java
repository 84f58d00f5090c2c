/**
 * Checks of the inputs before anything is computed: field names, issues, and the validator that names
 * the field and the reason for every bad value. Uses {@code sheet}, {@code units}, {@code engine}, {@code kv}.
 */
package org.vramsheet.core.input;
