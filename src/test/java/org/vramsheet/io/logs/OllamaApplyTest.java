package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * Apply of an Ollama server log (the OL field logs): the engine becomes Ollama and the runner the log started becomes
 * RUNTIME › Ollama settings, so the sheet runs that runner; the measurement stays the runner's own buffers.
 */
class OllamaApplyTest {
    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("ollama").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    /** The llama.cpp two-GPU sheet, Llama 3.1 70B at 4 bits, as a vLLM sheet a log is applied to. */
    private static Worksheet sheet() {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        return ws.withRuntime(ws.runtime().toBuilder().engine(Engine.VLLM).engineVersion("").pipelineParallel(1).build())
                .withGpu(ws.gpu().withCount(1)).withKv(ws.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
    }

    /** OL01 (ollama#8098): the runner's command line --ctx-size 8192 --parallel 4 --n-gpu-layers 29. */
    @Test
    void theRunnersCommandLineBecomesOllamasSettings() {
        Measurement m = log("OL01");
        assertEquals(Engine.OLLAMA, m.engine());
        Worksheet ws = LogComparison.apply(sheet(), m);
        assertEquals(Engine.OLLAMA, ws.runtime().engine());
        OllamaSettings o = ws.runtime().ollama();
        assertEquals(2048L, o.numCtx(), "8192 cells for 4 sequences");
        assertEquals(4, o.numParallel());
        assertEquals(29, o.numGpu());
        assertNull(o.kvCacheType(), "the command line names no cache type: f16, Ollama's default");
        assertEquals(8192L, OllamaSheet.runnerSetup(ws).runnerContext().value(), "the runner the log started");
        assertEquals(KvDtype.AUTO, ws.kv().kvDtype());
    }

    /** OL10 (ollama#12027): the load request KvSize 26624, Parallel 1, q4_0, FlashAttention true, 33 GPU layers. */
    @Test
    void theRunnersLoadRequestBecomesOllamasSettings() {
        Worksheet ws = LogComparison.apply(sheet(), log("OL10"));
        OllamaSettings o = ws.runtime().ollama();
        assertEquals(new OllamaSettings(26_624L, null, 1, KvDtype.Q4_0, true, 33, null), o);
        assertEquals("q4_0", OllamaSheet.runnerSetup(ws).cacheTypeK().value());
        var r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(26_624L, Sheets.value(r, FigureKey.POOL_MAX_MODEL_LEN));
    }

    /** A log of another engine leaves the Ollama settings as they are. */
    @Test
    void aLogOfAnotherEngineKeepsTheSettings() {
        Measurement vllm = EngineLogParser.parse(FieldLogs.of("vllm").findFirst().orElseThrow().text());
        assertFalse(vllm.engine() == Engine.OLLAMA);
        Worksheet ws = sheet();
        ws = ws.withRuntime(ws.runtime().toBuilder().ollama(OllamaSettings.builder().numCtx(4096L).build()).build());
        assertEquals(ws.runtime().ollama(), LogComparison.apply(ws, vllm).runtime().ollama());
    }
}
