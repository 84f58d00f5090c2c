package org.vramsheet.ui.model;

import javafx.beans.property.SimpleStringProperty;
import java.util.Objects;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.io.catalog.GpuCatalog;

/**
 * GPU section: name, count and the CUDA-visible memory per GPU, and GPU › Performance for the latency estimate (a
 * catalog entry fills all of them; typed performance figures are a custom GPU's, their source "typed").
 */
public final class GpuViewModel extends SectionViewModel {
    static final String TYPED = "typed in GPU › Performance";
    public final StringProperty name = watch(new SimpleStringProperty(""));
    public final NumberInput count = number("gpu.count", NumberInput.Kind.COUNT, "GPUs");
    public final NumberInput totalBytes = number("gpu.totalBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput bandwidth = number("gpu.performance.bandwidthGbPerS", NumberInput.Kind.DECIMAL, "");
    public final NumberInput bf16 = number("gpu.performance.bf16Tflops", NumberInput.Kind.DECIMAL, "");
    public final NumberInput fp8 = number("gpu.performance.fp8Tflops", NumberInput.Kind.DECIMAL, "");
    public final NumberInput fp4 = number("gpu.performance.fp4Tflops", NumberInput.Kind.DECIMAL, "");
    public final NumberInput link = number("gpu.performance.linkGbPerS", NumberInput.Kind.DECIMAL, "");
    /** Unified memory (Apple silicon): the Mac's RAM; empty for a GPU with memory of its own. */
    public final NumberInput unifiedRam = number("gpu.unifiedRamBytes", NumberInput.Kind.BYTES, "GiB");
    /** macOS iogpu.wired_limit_mb (MiB); empty or 0: macOS's default working set. */
    public final NumberInput wiredLimitMb = number("gpu.wiredLimitMb", NumberInput.Kind.COUNT, "MiB");
    /** The performance as loaded or chosen: its link name and source stay while its figures do. */
    private GpuSpeed origin;

    public void load(Gpu g) {
        name.set(g.name());
        count.load(g.count());
        totalBytes.load(g.totalBytes());
        unifiedRam.load(g.unifiedRamBytes());
        wiredLimitMb.load(g.wiredLimitMb());
        speed(g.performance());
    }

    private void speed(GpuSpeed s) {
        origin = s;
        bandwidth.load(s == null ? null : s.bandwidthGbPerS());
        bf16.load(s == null ? null : s.bf16Tflops());
        fp8.load(s == null ? null : s.fp8Tflops());
        fp4.load(s == null ? null : s.fp4Tflops());
        link.load(s == null ? null : s.linkGbPerS());
    }

    public Gpu snapshot() {
        return new Gpu(name.get(), count.intValue(), totalBytes.longValue(), performance(), unifiedRam.longValue(),
                wiredLimitMb.longValue());
    }

    /** The typed figures; the loaded link name and source while they are the loaded ones, else "typed". */
    private GpuSpeed performance() {
        GpuSpeed typed = new GpuSpeed(bandwidth.doubleValue(), bf16.doubleValue(), fp8.doubleValue(), fp4.doubleValue(),
                link.doubleValue(), "", TYPED);
        if (typed.empty()) {
            return origin != null && origin.empty() ? origin : null;
        }
        if (origin != null && same(origin, typed)) {
            return origin;
        }
        return typed;
    }

    private static boolean same(GpuSpeed a, GpuSpeed b) {
        return Objects.equals(a.bandwidthGbPerS(), b.bandwidthGbPerS()) && Objects.equals(a.bf16Tflops(),
                b.bf16Tflops()) && Objects.equals(a.fp8Tflops(), b.fp8Tflops())
                && Objects.equals(a.fp4Tflops(), b.fp4Tflops()) && Objects.equals(a.linkGbPerS(), b.linkGbPerS());
    }

    /** Fills the section from a catalog entry, keeping the count. */
    public void choose(GpuCatalog.Entry e) {
        name.set(e.name());
        totalBytes.load(e.cudaVisibleBytes());
        unifiedRam.load(e.unifiedRamBytes());
        if (!e.unified()) {
            wiredLimitMb.load(null);
        }
        speed(GpuCatalog.speed(e));
    }
}
