/**
 * Views of the form: the sections, the summary strip, the context slider, the explanation pane, the
 * placement tab and the shared view helpers. Uses {@code core}, {@code io}, {@code ui.model}, {@code ui.text}.
 */
package org.vramsheet.ui.sections;
