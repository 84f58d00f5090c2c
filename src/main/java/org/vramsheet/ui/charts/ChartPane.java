package org.vramsheet.ui.charts;

import javafx.scene.Node;

/** One chart of the charts' tabs: draws the sheet's chart data, or empties itself when there is none. */
interface ChartPane {
    /** What the chart's tab shows. */
    Node node();

    /** Draws {@code now} (its curves are not null); {@code was} is what this chart drew last (null: nothing yet). */
    void draw(ChartData was, ChartData now);

    /** Empties the chart: the sheet cannot be calculated. */
    void clear();
}
