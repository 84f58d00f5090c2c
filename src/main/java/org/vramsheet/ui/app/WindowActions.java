package org.vramsheet.ui.app;

import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What the menus may ask of the window they sit in, without knowing it: the start page, quitting, the theme, the
 * language (the window is rebuilt), the zoom and the presentation view.
 */
record WindowActions(Runnable startPage, Runnable quit, Consumer<Boolean> dark, Consumer<String> language, Zoom zoom,
                     BooleanSupplier darkNow, Runnable present) { }
