package org.vramsheet.io.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 18: the measured peak from nvidia-smi's memory.used,memory.total CSV, one sample or a -lms series. Issue 26,
 * point 3: the output is read by its header, and only memory.used, in its unit, is ever taken.
 */
class NvidiaSmiTest {
    private static final long MIB = 1L << 20;

    private static NvidiaSmi.Peak peak(String text) {
        NvidiaSmi.Reading r = NvidiaSmi.read(text);
        assertNull(r.error(), text);
        return r.peak();
    }

    private static String refused(String text) {
        NvidiaSmi.Reading r = NvidiaSmi.read(text);
        assertNull(r.peak(), "taken: " + text);
        assertTrue(r.error() != null && !r.error().contains("\n") && r.error().length() < 300, String.valueOf(r.error()));
        return r.error();
    }

    @Test
    void oneSampleAndASeries() {
        var one = peak("memory.used [MiB], memory.total [MiB]\n71234 MiB, 81559 MiB\n");
        assertEquals(71_234L * MIB, one.usedBytes());
        assertEquals(81_559L * MIB, one.totalBytes());
        String series = "memory.used [MiB], memory.total [MiB]\n70000 MiB, 81559 MiB\n69000 MiB, 81559 MiB\n"
                + "memory.used [MiB], memory.total [MiB]\n74500 MiB, 81559 MiB\n70100 MiB, 81559 MiB\n";
        var s = peak(series);
        assertEquals(74_500L * MIB, s.usedBytes(), "the peak of any GPU in any sample");
        assertEquals(4, s.samples());
        assertEquals(12_345L * MIB, peak("memory.used [MiB], memory.total [MiB]\n12345, 24564\n").usedBytes(), "nounits");
        assertTrue(refused("memory.used [MiB], memory.total [MiB]\n90000 MiB, 80000 MiB\n").contains("above memory.total"));
        assertNull(NvidiaSmi.read("no readings here\nat all\n").error(), "not nvidia-smi output: nothing to say");
    }

    /** Seen (issue 26): memory.free, memory.reserved and utilization.gpu were taken as used MiB. */
    @Test
    void onlyTheMemoryUsedColumnIsTaken() {
        assertEquals(1_000L * MIB, peak("memory.free [MiB], memory.used [MiB], memory.total [MiB]\n"
                + "80559 MiB, 1000 MiB, 81559 MiB\n").usedBytes(), "memory.used wherever it stands");
        assertEquals(2_000L * MIB, peak("index, name, utilization.gpu [%], memory.reserved [MiB], memory.used [MiB]\n"
                + "0, NVIDIA H100 80GB HBM3, 97 %, 500 MiB, 2000 MiB\n1, NVIDIA H100 80GB HBM3, 3 %, 600 MiB, 1500 MiB\n")
                .usedBytes());
        assertEquals("line 1: the header has no memory.used column ('memory.free, memory.total')",
                refused("memory.free [MiB], memory.total [MiB]\n80559 MiB, 81559 MiB\n"));
        assertTrue(refused("memory.reserved [MiB]\n512 MiB\n").contains("no memory.used column"));
        assertTrue(refused("utilization.gpu [%], memory.total [MiB]\n97 %, 81559 MiB\n").contains("no memory.used column"));
        assertEquals("line 1: 'memory.used' is in '%', not a size", refused("memory.used [%]\n97 %\n"));
    }

    /** Seen (issue 26): nounits, [GiB] and [MB] columns were all taken as MiB. */
    @Test
    void theUnitIsTheHeadersOrTheValues() {
        assertEquals(80L << 30, peak("memory.used [GiB], memory.total [GiB]\n80, 94\n").usedBytes(), "[GiB], nounits");
        assertEquals(70_000_000_000L, peak("memory.used [MB]\n70000 MB\n").usedBytes(), "MB is 10^6 bytes");
        assertEquals(70_000L * MIB, peak("memory.used [MiB]\n70000\n").usedBytes(), "nounits: the header says MiB");
        assertEquals("line 2: 'memory.used' is in 'GiB' under a header in 'MiB'", refused("memory.used [MiB]\n70 GiB\n"));
        assertEquals("line 2: 'memory.used' has no unit (neither in the header nor in the value)",
                refused("memory.used, memory.total\n70000, 81559\n"));
        assertTrue(refused("71234, 81559\n").startsWith("line 1: a reading without a header (noheader)"),
                "noheader: which column is which?");
        assertTrue(refused("71234 MiB, 81559 MiB\n").startsWith("line 1: a reading without a header"));
        assertEquals("line 2: 'memory.used' is '[N/A]', not a size", refused("memory.used [MiB], memory.total [MiB]\n[N/A], [N/A]\n"));
        assertEquals("line 3: 3 values under a header of 2 columns",
                refused("memory.used [MiB], memory.total [MiB]\n1 MiB, 2 MiB\n1 MiB, 2 MiB, 3 MiB\n"));
        assertEquals("memory.used is 0 in every reading: nothing was loaded on the GPU", refused("memory.used [MiB]\n0 MiB\n"));
    }

    /** Seen (issue 26): a number over 19 digits crashed the reader (NumberFormatException). */
    @Test
    void aHugeNumberIsRefusedNotACrash() {
        String huge = "9".repeat(25);
        assertTrue(refused("memory.used [MiB], memory.total [MiB]\n" + huge + " MiB, 81559 MiB\n")
                .contains("more than a GPU holds"));
        assertTrue(refused("memory.used [MiB]\n" + "1".repeat(400) + "\n").startsWith("line 2: 'memory.used' is '1111"));
        assertTrue(refused("memory.used [MiB]\n99999999 MiB\n").contains("more than a GPU holds (16 TiB)"));
        assertTrue(refused("|        Memory-Usage |\n| " + huge + "MiB / 81559MiB |\n").contains("more than a GPU holds"));
    }

    /** The default table: the Memory-Usage column, not the power column, nor the process list. */
    @Test
    void theDefaultTableIsReadByItsMemoryUsageColumn() {
        String table = """
                +-----------------------------------------------------------------------------------------+
                | NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |
                |-----------------------------------------+------------------------+----------------------+
                | GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
                | Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
                |                                         |                        |               MIG M. |
                |=========================================+========================+======================|
                |   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
                | N/A   34C    P0            120W /  700W |   71234MiB /  81559MiB |     23%      Default |
                |                                         |                        |             Disabled |
                +-----------------------------------------+------------------------+----------------------+
                |   1  NVIDIA H100 80GB HBM3          On  |   00000000:2A:00.0 Off |                    0 |
                | N/A   36C    P0            130W /  700W |   72000MiB /  81559MiB |     25%      Default |
                +-----------------------------------------+------------------------+----------------------+
                | Processes:                                                                              |
                |    0   N/A  N/A     12345      C   python3                                   99999MiB |
                +-----------------------------------------------------------------------------------------+
                """;
        var p = peak(table);
        assertEquals(72_000L * MIB, p.usedBytes());
        assertEquals(81_559L * MIB, p.totalBytes());
        assertEquals(2, p.samples());
    }
}
