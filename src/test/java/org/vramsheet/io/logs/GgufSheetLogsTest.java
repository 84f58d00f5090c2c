package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufImporter;
import org.vramsheet.io.model.gguf.GgufLogModels;

/**
 * Issue 28's "done when": a sheet whose MODEL, WEIGHTS and KV ARCHITECTURE were imported from a GGUF header (the model's
 * metadata as the log prints it, {@link GgufLogModels}), launched as the log was (llama.cpp engine, its flags and GPUs:
 * {@link LlamaCppSheetLogs}), gives each device's KV buffer of the real logs LC09-LC12 to 1 MiB.
 */
class GgufSheetLogsTest {
    private static final double MIB = 1 << 20;

    @Test
    void anImportedGgufSheetHasTheLogsKvBufferOnEveryDevice() throws Exception {
        // -ngl for LC12, whose log prints no "offloaded N/M" (its setup_note: the split printed is -ngl 99)
        Map<String, GgufFile> files = Map.of("LC09", GgufLogModels.gemma3_1b(), "LC10", GgufLogModels.llama70b(),
                "LC11", GgufLogModels.gptOss20b(), "LC12", GgufLogModels.llama405b());
        List<String> rows = new ArrayList<>();
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Measurement m = EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow()
                    .text());
            Worksheet launch = LlamaCppSheetLogs.sheet(m, id.equals("LC12") ? 99 : null, null);
            ModelImport imported = GgufImporter.parse(files.get(id));
            Worksheet ws = imported.applyTo(launch);
            assertEquals(launch.runtime().llamaCpp(), ws.runtime().llamaCpp(), id + ": the launch flags stay the log's");
            SizingResult r = SizingCalculator.calculate(ws);
            assertTrue(r.issues().isEmpty(), id + ": " + r.issues());
            for (Measurement.DeviceMemory d : m.devices()) {
                if (d.kvBytes() == null) {
                    continue;
                }
                String key = LlamaCppSheetLogs.deviceKey(m, d.name());
                assertNotNull(key, id + " " + d.name());
                long got = r.get(FigureKey.device(key, "kvBytes")).value();
                rows.add(String.format(Locale.ROOT, "%s %s: log %.2f MiB, sheet imported from GGUF %.2f MiB", id, d.name(),
                        d.kvBytes() / MIB, got / MIB));
                assertTrue(Math.abs(got - d.kvBytes()) <= MIB, rows.get(rows.size() - 1));
            }
        }
        rows.forEach(System.out::println);
        assertEquals(7, rows.size(), "LC09 1, LC10 2, LC11 1, LC12 3 devices: " + rows);
    }
}
