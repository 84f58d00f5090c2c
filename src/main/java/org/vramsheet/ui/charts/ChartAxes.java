package org.vramsheet.ui.charts;

import javafx.scene.chart.NumberAxis;
import javafx.util.StringConverter;

/** The charts' axes: context on a log2 axis (512, 1K, 128K ...) and sequence counts on a log2 count axis. */
final class ChartAxes {
    private ChartAxes() { }

    /** A context axis in log2 tokens, labelled in tokens (1K = 1,024, as the form reads "1K"). */
    static NumberAxis log2Axis() {
        NumberAxis x = new NumberAxis();
        x.setAutoRanging(false);
        x.setTickUnit(1);
        x.setMinorTickVisible(false);
        x.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) { return Ticks.tokenLabel(n.doubleValue()); }

            @Override
            public Number fromString(String s) { return 0; }
        });
        return x;
    }

    /** A sequence-count axis at {@link Ticks#countPosition} positions, labelled in sequences. */
    static NumberAxis countAxis() {
        NumberAxis y = new NumberAxis();
        y.setAutoRanging(false);
        y.setMinorTickVisible(false);
        y.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) { return Ticks.countLabel(n.doubleValue()); }

            @Override
            public Number fromString(String s) { return 0; }
        });
        return y;
    }

    /** Where {@code x} tokens sit on a {@link #log2Axis()} (below 1 counts as 1). */
    static double log2(long x) { return Math.log(Math.max(1, x)) / Math.log(2); }

    /** The x axis from 512 tokens to the model's context (at least to 724, so the axis is never empty). */
    static void contextRange(NumberAxis x, long maxContext) {
        x.setLowerBound(9);
        x.setUpperBound(Math.max(9.5, log2(maxContext)));
    }
}
