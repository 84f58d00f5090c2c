package org.vramsheet.archbad.ui;

import org.vramsheet.archbad.cli.BadCli;
import org.vramsheet.archbad.core.Impure;
import org.vramsheet.archbad.core.calc.SizingCalculator;

/** A view that runs the calculator and the CLI and closes a package cycle with core (ArchitectureTest's self-test). */
public final class BadView {
    private BadView() {
    }

    public static String name() {
        return BadCli.run() + SizingCalculator.calculate() + Impure.all();
    }
}
