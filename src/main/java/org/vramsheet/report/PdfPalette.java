package org.vramsheet.report;

/** The PDF report's one palette (RGB, 0 to 1): text, muted text, accent, good, bad, and the scenarios' series colours. */
final class PdfPalette {
    static final float[] TEXT = {0.11f, 0.14f, 0.19f};
    static final float[] MUTED = {0.36f, 0.40f, 0.47f};
    static final float[] ACCENT = {0.18f, 0.43f, 0.87f};
    static final float[] GOOD = {0.12f, 0.54f, 0.30f};
    static final float[] BAD = {0.78f, 0.18f, 0.18f};
    static final float[][] SERIES = {{0.18f, 0.43f, 0.87f}, {0.88f, 0.54f, 0.12f}, {0.78f, 0.18f, 0.18f}};

    private PdfPalette() { }
}
