package org.vramsheet.archbad.core.calc;

/** Stands in for the real calculator, so that a view calling it breaks ArchitectureTest's view rule. */
public final class SizingCalculator {
    private SizingCalculator() {
    }

    public static String calculate() {
        return "42";
    }
}
