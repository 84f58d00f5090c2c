package org.vramsheet.cli;

import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import picocli.CommandLine.Option;

/**
 * RUNTIME › Expert parallel as options of {@code calc} and {@code import}: {@code --enable-expert-parallel} and
 * {@code --attention-dp N} set the sheet's fields before it is calculated or written, read as the fields are; a GPU count
 * below TP x PP x D grows to it.
 */
final class ExpertOptions {
    @Option(names = "--enable-expert-parallel", description = {"RUNTIME › Expert parallel: whole experts, E / (TP x D) per GPU",
        "(vLLM --enable-expert-parallel, SGLang --ep-size = --tp)"})
    boolean enabled;
    @Option(names = "--attention-dp", paramLabel = "D", description = {"RUNTIME › Attention data-parallel ranks of a MoE, each of TP",
        "GPUs with its own KV pool (vLLM --data-parallel-size, SGLang --dp-size with --enable-dp-attention)"})
    String dataParallel;

    /** Whether any option was given. */
    boolean any() {
        return enabled || dataParallel != null;
    }

    /** The sheet with the options' values; a bad count names the option and why. */
    Worksheet apply(Worksheet ws) {
        ExpertSettings.Builder e = ws.runtime().expert().toBuilder();
        if (enabled) {
            e.enabled(true);
        }
        if (dataParallel != null) {
            e.dataParallel(NumberOptions.readInt("--attention-dp", dataParallel, NumberGrammar.Kind.COUNT));
        }
        ExpertSettings x = e.build();
        Worksheet out = ws.withRuntime(ws.runtime().toBuilder().expert(x).build());
        long need = (long) ws.runtime().ranks() * x.ranks();
        Integer count = ws.gpu().count();
        // the layout's GPUs: the sheet's count grows to TP x PP x D (as a layout chosen in Which GPUs fit sets it)
        return count != null && count < need && need <= Integer.MAX_VALUE ? out.withGpu(new Gpu(ws.gpu().name(), (int) need,
                ws.gpu().totalBytes(), ws.gpu().performance())) : out;
    }
}
