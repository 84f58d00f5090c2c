/**
 * The sheet's decision in a few lines (pure: no toolkit, no I/O): what the presentation view, the slide and
 * Edit › Copy summary say. Uses {@code compare}, {@code result}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.summary;
