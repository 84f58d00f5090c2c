package org.vramsheet.ui.text;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;


/** How a figure reads on screen: primary unit first, the other unit second, never NaN. */
public final class FigureText {
    private FigureText() { }

    /** Main text, e.g. "131.42 GiB"; "unavailable" when it is. */
    public static String primary(Figure f, boolean gib) {
        if (f == null || !f.available()) {
            return "unavailable";
        }
        return switch (f.unit()) {
            case BYTES -> Math.abs(f.value()) < Units.MIB ? Units.bytesText(f.value())
                    : Math.abs(f.value()) < Units.GIB / 4 ? Units.binary(f.value())
                    : gib ? Units.gibText(f.value()) : Units.gbText(f.value());
            default -> FigureFormat.nonBytes(f, "params", "no").replace(" %", " % of pool");
        };
    }

    /**
     * How a byte figure reads in both units, for a tooltip: "139.81 GiB = 150.12 GB = 150,119,... bytes (GiB: 2^30 =
     * 1,073,741,824 bytes; GB: 10^9 bytes)", so a GPU's 150.12 GB beside its 139.81 GiB is not taken for another number.
     * Null for figures that are not bytes or are unavailable.
     */
    public static String units(Figure f) {
        if (f == null || !f.available() || f.unit() != Unit.BYTES || Math.abs(f.value()) < Units.GIB / 4) {
            return null;
        }
        return Units.gibText(f.value()) + " = " + Units.gbText(f.value()) + " = " + Units.grouped(f.value())
                + " bytes (GiB: 2^30 = 1,073,741,824 bytes; GB: 10^9 = 1,000,000,000 bytes)";
    }

    /** Secondary text: the other byte unit and the exact bytes, or the reason it is unavailable. */
    public static String secondary(Figure f, boolean gib) {
        if (f == null) {
            return "";
        }
        if (!f.available()) {
            return f.reason();
        }
        if (f.unit() == Unit.BYTES && Math.abs(f.value()) >= Units.GIB / 4) {
            return (gib ? Units.gbText(f.value()) : Units.gibText(f.value())) + " · " + Units.grouped(f.value()) + " B";
        }
        if (f.unit() == Unit.BYTES && Math.abs(f.value()) >= Units.MIB) {
            return Units.grouped(f.value()) + " B";
        }
        return "";
    }

    /** Provenance in the window's language: label, value, formula, this sheet's numbers, assumptions. */
    public static String explain(Figure f, Texts texts) {
        if (f == null) {
            return "";
        }
        if (!f.available()) {
            return texts.message(f.label()) + ": " + texts.value("unavailable") + "\n" + texts.message(f.reason());
        }
        Provenance p = f.provenance();
        StringBuilder b = new StringBuilder(texts.message(f.label())).append(" = ").append(texts.value(primary(f, true)));
        if (!p.formula().isEmpty()) {
            b.append('\n').append(texts.t("Formula:")).append(' ').append(texts.message(p.formula()));
        }
        if (!p.expression().isEmpty()) {
            b.append('\n').append(texts.t("With this sheet:")).append(' ').append(texts.message(p.expression()));
        }
        for (String a : p.assumptions()) {
            b.append("\n• ").append(texts.message(a));
        }
        return b.toString();
    }
}
