package org.vramsheet.ui.sections;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;

/** ScrollPanes whose content changes while the context slider is dragged. */
public final class ScrollPanes {
    private ScrollPanes() { }

    /**
     * JavaFX's ScrollPaneSkin draws its viewport into a cached bitmap, so a change of any text inside, even one scrolled
     * out of view, re-renders everything the viewport shows into that bitmap. For the window's zoom scroller that was
     * the whole window on every slider step: a Shift drag's p90 pulse went from 19 ms to 62-78 ms, "CacheFilter
     * rebuilding" in 192 of its pulses (pulse logger; issue 31). Without the cache only the dirty regions are painted.
     */
    public static void paintInPlace(ScrollPane scroll) {
        scroll.skinProperty().addListener((o, was, skin) -> uncache(scroll));
        uncache(scroll);
    }

    private static void uncache(ScrollPane scroll) {
        Node viewport = scroll.getSkin() == null ? null : scroll.lookup(".viewport");
        if (viewport != null && viewport.isCache()) {
            viewport.setCache(false);
        }
    }
}
