package org.vramsheet.core.input;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * RUNTIME › Expert parallel (schema version 10): the attention data-parallel ranks in range, an engine that sizes the
 * layout (vLLM, SGLang), and a mixture of experts whose routed experts the sheet knows (WEIGHTS › Routed experts).
 */
final class ExpertValidator {
    private static final String E = "runtime.expert.";

    private ExpertValidator() { }

    static void validate(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        ExpertSettings s = r.expert();
        if (!out.inDeclaredRange(E + "dataParallel", s.dataParallel()) || !s.on()) {
            return;
        }
        String field = s.ranks() > 1 ? E + "dataParallel" : E + "enabled";
        if (Engines.of(r.engine()).expertRule() == null) {
            out.add(field, "inconsistent: expert parallel and attention data parallel are sized for vLLM and SGLang, not "
                    + "for " + r.engine().label());
            return;
        }
        Integer count = ws.gpu().count();
        if (count != null && out.get("gpu.count") == null && out.get("runtime.tensorParallel") == null
                && out.get("runtime.pipelineParallel") == null
                && (long) count < (long) r.ranks() * s.ranks()) {
            out.add("gpu.count", "inconsistent: TP " + r.tensorParallel() + " x PP " + r.pipelineParallel() + " x attention DP "
                    + s.ranks() + " needs " + (long) r.ranks() * s.ranks() + " GPUs, the sheet has " + count);
        }
        Integer experts = ws.weights().experts();
        if (experts == null || experts <= 1) {
            out.add(field, "inconsistent: expert parallel needs a mixture of experts (WEIGHTS › Routed experts; importing "
                    + "the config sets it); a dense model's replicas are RUNTIME › Data parallel size");
        }
    }
}
