package org.vramsheet.core.result;
import java.util.Locale;
import org.vramsheet.core.units.Units;

/** How a figure that is not bytes reads everywhere (table, window, reports): one place for the units. */
public final class FigureFormat {
    private FigureFormat() { }

    /** "1 GPU", "2 GPUs": English plural (other languages translate the whole phrase). */
    public static String counted(long n, String one, String many) {
        return Units.grouped(n) + " " + (n == 1 ? one : many);
    }

    /** "15 sequences", "15.75x", "52.10 %", "yes"; bytes are left to the caller (GB or GiB first). */
    public static String nonBytes(Figure f, String paramsWord, String noWord) {
        return switch (f.unit()) {
            case TOKENS -> counted(f.value(), "token", "tokens");
            case SEQUENCES -> counted(f.value(), "sequence", "sequences");
            case BLOCKS -> counted(f.value(), "block", "blocks");
            case PARAMS -> Units.grouped(f.value()) + " " + paramsWord;
            case GPUS -> counted(f.value(), "GPU", "GPUs");
            case REPLICAS -> counted(f.value(), "replica", "replicas");
            case RATIO -> f.key().startsWith("validation.") ? String.format(Locale.ROOT, "%+.2f %%", f.ratio() * 100)
                    : f.key().endsWith("concurrencyRatio") ? Units.two(f.ratio()) + "x"
                    : f.key().endsWith("poolShare") ? Units.fixed2(f.ratio() * 100) + " %" : Units.fixed2(f.ratio());
            case COUNT -> Units.grouped(f.value());
            case BITS -> counted(f.value(), "bit", "bits");
            case FLAG -> f.isTrue() ? "yes" : noWord;
            case BYTES -> Units.bytesText(f.value());
            case MS -> estimate(f.ratio()) + " ms";
            case TOKENS_PER_SECOND -> estimate(f.ratio()) + " tokens/s";
            case MONEY -> Units.fixed2(f.ratio());
        };
    }

    /** An estimate: three significant digits below 100, whole from 100 ("6.07", "12.8", "5,013"). */
    public static String estimate(double v) {
        double a = Math.abs(v);
        if (a >= 100) {
            return Units.grouped(Math.round(v));
        }
        return a >= 10 ? Units.fixed1(v) : Units.fixed2(v);
    }
}
