package org.vramsheet.core.result;
import org.vramsheet.core.units.Units;

/** How a figure that is not bytes reads everywhere (table, window, reports): one place for the units. */
public final class FigureFormat {
    private FigureFormat() { }

    /** "15 sequences", "15.75x", "52.10 %", "yes"; bytes are left to the caller (GB or GiB first). */
    public static String nonBytes(Figure f, String paramsWord, String noWord) {
        return switch (f.unit()) {
            case TOKENS -> Units.grouped(f.value()) + " tokens";
            case SEQUENCES -> Units.grouped(f.value()) + " sequences";
            case BLOCKS -> Units.grouped(f.value()) + " blocks";
            case PARAMS -> Units.grouped(f.value()) + " " + paramsWord;
            case GPUS -> Units.grouped(f.value()) + " GPUs";
            case REPLICAS -> Units.grouped(f.value()) + " replicas";
            case RATIO -> f.key().startsWith("validation.") ? String.format(java.util.Locale.ROOT, "%+.2f %%", f.ratio() * 100)
                    : f.key().endsWith("concurrencyRatio") ? Units.two(f.ratio()) + "x"
                    : f.key().endsWith("poolShare") ? Units.fixed2(f.ratio() * 100) + " %" : Units.fixed2(f.ratio());
            case COUNT -> Units.grouped(f.value());
            case BITS -> Units.grouped(f.value()) + " bits";
            case FLAG -> f.isTrue() ? "yes" : noWord;
            case BYTES -> Units.bytesText(f.value());
        };
    }
}
