package org.vramsheet.ui.model;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.io.catalog.GpuCatalog;

/** GPU section: name, count and the CUDA-visible memory per GPU (a catalog entry fills all three). */
public final class GpuViewModel extends SectionViewModel {
    public final StringProperty name = watch(new SimpleStringProperty(""));
    public final NumberInput count = number("gpu.count", NumberInput.Kind.COUNT, "GPUs");
    public final NumberInput totalBytes = number("gpu.totalBytes", NumberInput.Kind.BYTES, "GiB");

    public void load(Gpu g) {
        name.set(g.name());
        count.load(g.count());
        totalBytes.load(g.totalBytes());
    }

    public Gpu snapshot() {
        return new Gpu(name.get(), count.intValue(), totalBytes.longValue());
    }

    /** Fills the section from a catalog entry, keeping the count. */
    public void choose(GpuCatalog.Entry e) {
        name.set(e.name());
        totalBytes.load(e.cudaVisibleBytes());
    }
}
