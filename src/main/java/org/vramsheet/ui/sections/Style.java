package org.vramsheet.ui.sections;

import javafx.css.PseudoClass;

/** CSS class names and pseudo-classes, in one place. */
public final class Style {
    public static final String SECTION = "section";
    public static final String SECTION_TITLE = "section-title";
    public static final String FIELD_LABEL = "field-label";
    public static final String FIELD_UNIT = "field-unit";
    public static final String NUMBER_FIELD = "number-field";
    public static final String FIELD_MESSAGE = "field-message";
    public static final String RESULT_NAME = "result-name";
    public static final String RESULT_VALUE = "result-value";
    public static final String RESULT_SECONDARY = "result-secondary";
    public static final String RESULT_UNAVAILABLE = "result-unavailable";
    public static final String SUMMARY_STRIP = "summary-strip";
    public static final String SUMMARY_TILE = "summary-tile";
    public static final String SUMMARY_TITLE = "summary-title";
    public static final String SUMMARY_VALUE = "summary-value";
    public static final String SUMMARY_SUB = "summary-sub";
    public static final String SUMMARY_BASIS = "summary-basis";
    public static final String SUMMARY_STALE = "summary-stale";
    public static final String FITS = "fits";
    public static final String DOES_NOT_FIT = "does-not-fit";
    public static final String SIDE_PANEL = "side-panel";
    public static final String SLIDER_BOX = "slider-box";
    public static final String BIG_NUMBER = "big-number";
    // View › Present (issue 31): dark, sized in em of the view's base font size
    public static final String PRESENT = "present";
    public static final String PRESENT_TITLE = "present-title";
    public static final String PRESENT_MUTED = "present-muted";
    public static final String PRESENT_HOW = "present-how";
    public static final String PRESENT_HINT = "present-hint";
    public static final String PRESENT_MIDDLE = "present-middle";
    public static final String PRESENT_SUMMARY = "present-summary";
    public static final String PRESENT_SLIDER = "present-slider";
    public static final String PRESENT_VERDICT = "present-verdict";
    public static final String PRESENT_CONCURRENCY = "present-concurrency";
    public static final String PRESENT_BUDGET = "present-budget";
    public static final String PRESENT_TILES = "present-tiles";
    public static final String PRESENT_TILE = "present-tile";
    public static final String PRESENT_TILE_SHOWN = "present-tile-shown";
    public static final String PRESENT_TILE_NAME = "present-tile-name";
    public static final String PRESENT_TILE_VERDICT = "present-tile-verdict";
    public static final String PRESENT_TILE_VALUE = "present-tile-value";
    public static final String EXPLAIN = "explain";
    public static final String READ_ONLY_BANNER = "read-only-banner";
    public static final String WORKLOAD_HEADER = "workload-header";
    public static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");
    /** A measured value of another setup: shown struck through, not used. */
    public static final PseudoClass STALE = PseudoClass.getPseudoClass("stale");

    private Style() { }
}
