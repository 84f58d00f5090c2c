package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.LoraStepTest.value;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * KV offload through LMCache against a documented figure (LMCache/LMCache#2901, kept verbatim in
 * src/test/resources/offload/lmcache-per-rank.txt): LMCACHE_MAX_LOCAL_CPU_SIZE is per TP worker (RSS ~50 GB on each of
 * TP0 and TP1, 100 GB on the node at TP 2). The sheet's KV offload to CPU is vLLM's --kv-offloading-size, summed over the
 * ranks, so an LMCache setting of S GiB per rank is typed as TP x S: the sheet then gives S per rank, TP x S per node (the
 * table's "actual CPU usage" at TP 1, 2, 4, 8) and, on Llama-3.1-8B in bf16 (131,072 B per token), 409,600 cached-prefix
 * tokens in 50 GiB at TP 1, the table's TP 1 row; at TP 2 each rank keeps half of each token, so 819,200 per rank (the
 * maintainer's reply; the table's 409,600 there is the reporter's expectation, not a measurement).
 */
class LmcacheOffloadTest {
    private static final Path SOURCE = Path.of("src/test/resources/offload/lmcache-per-rank.txt");

    private static Worksheet llama8b(int tp, Long offloadBytes) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v8-lora-prefix.json"));
        return ws.withRuntime(ws.runtime().toBuilder().engine(Engine.VLLM).tensorParallel(tp)
                .offload(OffloadSettings.builder().cpuBytes(offloadBytes).build()).build()).withGpu(ws.gpu().withCount(tp));
    }

    /** The reporter's table: TP, the per-worker setting in GB and the CPU memory the node used, in GB. */
    private static List<long[]> rows() throws Exception {
        return Files.readAllLines(SOURCE).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> {
            String[] f = l.split(" \\| ");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1].replace("GB", "")),
                Long.parseLong(f[2].replace("GB", "")), Long.parseLong(f[3].replace(",", ""))};
        }).toList();
    }

    @Test
    void eachTpWorkerHoldsTheWholeSettingAndTheNodeTheSum() throws Exception {
        List<long[]> rows = rows();
        assertEquals(4, rows.size());
        for (long[] row : rows) {
            int tp = (int) row[0];
            long perRank = row[1] * Units.GIB; // LMCache: max_local_cpu_size * 1024**3
            SizingResult r = SizingCalculator.calculate(llama8b(tp, (long) tp * perRank));
            assertTrue(r.issues().isEmpty(), r.issues().toString());
            assertEquals(perRank, value(r, FigureKey.OFFLOAD_HOST_BYTES_PER_RANK), "TP " + tp + ": each worker its setting");
            assertEquals(row[2] * Units.GIB, value(r, FigureKey.OFFLOAD_HOST_BYTES_PER_NODE), "TP " + tp + ": the node's CPU use");
        }
    }

    @Test
    void fiftyGibAtTp1Holds409600TokensOfLlama8bAndTwiceThatPerRankAtTp2() throws Exception {
        long[] tp1 = rows().get(0);
        SizingResult one = SizingCalculator.calculate(llama8b(1, tp1[1] * Units.GIB));
        assertEquals(131_072L, value(one, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
        assertEquals(tp1[3], value(one, FigureKey.OFFLOAD_HOST_TOKENS), "the table's TP 1 row: 409,600");
        SizingResult two = SizingCalculator.calculate(llama8b(2, 2 * tp1[1] * Units.GIB));
        assertEquals(2 * tp1[3], value(two, FigureKey.OFFLOAD_HOST_TOKENS), "each rank keeps 65,536 B of each token");
        assertEquals(value(SizingCalculator.calculate(llama8b(1, null)), FigureKey.POOL_CAPACITY_TOKENS),
                value(one, FigureKey.POOL_CAPACITY_TOKENS), "offloaded prefixes are not active tokens");
    }
}
