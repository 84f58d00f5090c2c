package org.vramsheet.core.engine;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.llamacpp.LlamaCppModule;
import org.vramsheet.core.engine.ollama.OllamaModule;
import org.vramsheet.core.engine.sglang.SglangModule;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.transformers.TransformersModule;
import org.vramsheet.core.engine.trtllm.TrtLlmModule;
import org.vramsheet.core.engine.vllm.VllmModule;
import org.vramsheet.core.sheet.Engine;

/** The registry of engine modules: adding an engine is one module package and one line here. */
public final class Engines {
    private static final List<EngineModule> ALL = List.of(new VllmModule(), new SglangModule(), new TrtLlmModule(),
            new LlamaCppModule(), new TransformersModule(), new OllamaModule());
    private static final Map<Engine, EngineModule> BY_ENGINE = new EnumMap<>(Engine.class);

    static {
        for (EngineModule m : ALL) {
            if (BY_ENGINE.put(m.engine(), m) != null) {
                throw new IllegalStateException("two modules for " + m.engine());
            }
        }
        for (Engine e : Engine.values()) {
            if (!BY_ENGINE.containsKey(e)) {
                throw new IllegalStateException("no module for " + e);
            }
        }
    }

    private Engines() { }

    /** The module of an engine. */
    public static EngineModule of(Engine e) { return BY_ENGINE.get(e); }

    /** Every module, in the order the engines are listed. */
    public static List<EngineModule> all() { return ALL; }
}
