package org.vramsheet.io.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Issue 18: the measured peak from nvidia-smi's memory.used,memory.total CSV, one sample or a -lms series. */
class NvidiaSmiTest {
    @Test
    void oneSampleAndASeries() {
        var one = NvidiaSmi.parse("memory.used [MiB], memory.total [MiB]\n71234 MiB, 81559 MiB\n");
        assertEquals(71_234L << 20, one.usedBytes());
        assertEquals(81_559L << 20, one.totalBytes());
        String series = "memory.used [MiB], memory.total [MiB]\n70000 MiB, 81559 MiB\n69000 MiB, 81559 MiB\n"
                + "memory.used [MiB], memory.total [MiB]\n74500 MiB, 81559 MiB\n70100 MiB, 81559 MiB\n";
        var s = NvidiaSmi.parse(series);
        assertEquals(74_500L << 20, s.usedBytes(), "the peak of any GPU in any sample");
        assertEquals(4, s.samples());
        assertEquals(12_345L << 20, NvidiaSmi.parse("12345, 24564\n").usedBytes(), "noheader,nounits");
        assertNull(NvidiaSmi.parse("no readings here\n90000 MiB, 80000 MiB\n"), "used above total is not a reading");
    }
}
