package org.vramsheet.io.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.vramsheet.core.perf.GpuPerformance;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.io.json.CatalogPerformance;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The built-in GPU catalog (from shared/reference/gpus.json): marketing GB, the MiB nvidia-smi prints,
 * and the CUDA-visible total engines multiply their utilization by; an estimate says so. AMD entries carry the total
 * ROCm reports, Apple silicon entries Metal's working set and the Mac's RAM (unified memory).
 */
public final class GpuCatalog {
    /** One GPU. */
    public record Entry(String name, String fullName, Double marketingGb, Long nvidiaSmiMib, long cudaVisibleBytes,
                        boolean cudaVisibleEstimate, String cudaVisibleSource, String source,
                        GpuPerformance performance, ExamplePrice examplePrice, String platform,
                        Long unifiedRamBytes) {
        /** Whether the GPU shares the host's RAM (Apple silicon). */
        public boolean unified() { return unifiedRamBytes != null; }

        /** As the picker lists it: the name with its memory ("NVIDIA L40S · 48 GB, 44.42 GiB visible"). */
        @Override
        public String toString() {
            if (unified()) {
                return name + " · " + Units.gibText(cudaVisibleBytes) + " Metal working set of " + Units.gibText(unifiedRamBytes)
                        + " unified" + (cudaVisibleEstimate ? " (estimate)" : "");
            }
            String gb = marketingGb == null ? "" : (marketingGb == Math.rint(marketingGb) ? String.valueOf(marketingGb.longValue())
                    : String.valueOf(marketingGb)) + " GB, ";
            return name + " · " + gb + Units.gibText(cudaVisibleBytes) + " visible"
                    + (cudaVisibleEstimate ? " (estimate)" : "");
        }
    }

    /**
     * A public on-demand list price of one cloud for this GPU, kept verbatim with its source and the date it was read:
     * an example to compare with, never a quote. A typed price overrides it.
     */
    public record ExamplePrice(double usdPerGpuHour, String provider, String offer, String verbatim, String date,
                               String source) {
        /** How the window and reports show where the price is from. */
        public String label() {
            return "example price, " + provider + " on-demand list ('" + offer + "'), " + date + ", not a quote";
        }
    }

    private static final List<Entry> ENTRIES = load();

    private GpuCatalog() { }

    public static List<Entry> entries() { return ENTRIES; }

    /** The entry of exactly this name, or null. */
    public static Entry named(String name) {
        for (Entry e : ENTRIES) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The entry as a choice of {@code count} GPUs per replica to compare: its memory, its performance figures and its
     * example price (labelled), or the price typed for it (which overrides the example).
     */
    public static Planner.Option option(Entry e, String name, int count, Double typedPrice) {
        ExamplePrice p = e.examplePrice();
        boolean typed = typedPrice != null;
        return new Planner.Option(name, e.name(), count, e.cudaVisibleBytes(), typed ? typedPrice
                : p == null ? null : p.usdPerGpuHour(), typed || p == null ? "" : p.label(), speed(e), e.unifiedRamBytes());
    }

    /** GPU › Performance as the sheet stores it for an entry, with the datasheet source; null when it has none. */
    public static GpuSpeed speed(Entry e) {
        return e == null ? null : CatalogPerformance.speed(e.name());
    }

    private static List<Entry> load() {
        try (InputStream in = GpuCatalog.class.getResourceAsStream("/org/vramsheet/catalog/gpus.json")) {
            if (in == null) {
                throw new IllegalStateException("GPU catalog missing from the jar");
            }
            return List.copyOf(WorksheetJson.shared().readValue(in, new TypeReference<List<Entry>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
