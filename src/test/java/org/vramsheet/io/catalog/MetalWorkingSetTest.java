package org.vramsheet.io.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.MetalWorkingSet;
import org.vramsheet.core.sheet.MetalWorkingSet.Generation;

/**
 * Issue 30 point 7: Metal's default working set per Mac RAM size, each value as llama.cpp printed it with its source
 * (src/test/resources/unified/metal-working-sets.txt), reproduced by the rule ceil(fraction x RAM / 16 KiB) x 16 KiB, and
 * iogpu.wired_limit_mb's effect (wired-limit.txt): the working set becomes exactly that many MiB.
 */
class MetalWorkingSetTest {
    private static final Pattern VALUE = Pattern.compile("recommendedMaxWorkingSetSize`?\\s*=\\s*([0-9.]+) MB");

    private record Seen(int ramGib, Generation generation, long num, long den, boolean mib, String line, boolean ramStated) { }

    private static List<String> lines(String name) throws Exception {
        try (InputStream in = MetalWorkingSetTest.class.getResourceAsStream("/unified/" + name)) {
            assertNotNull(in, name);
            List<String> out = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.isBlank() && !l.startsWith("#")) {
                    out.add(l);
                }
            }
            return out;
        }
    }

    private static List<Seen> seen() throws Exception {
        List<Seen> out = new ArrayList<>();
        for (String l : lines("metal-working-sets.txt")) {
            String[] f = l.split(" \\| ", 6);
            assertEquals(6, f.length, l);
            String[] frac = f[2].split("/");
            Generation g = f[1].equals("macOS 26") ? Generation.MACOS_26 : Generation.BEFORE_MACOS_26;
            assertTrue(f[5].contains("find_string id") || f[5].contains("https://github.com/"), "a source: " + l);
            out.add(new Seen(Integer.parseInt(f[0].trim()), g, Long.parseLong(frac[0]), Long.parseLong(frac[1]),
                    f[3].equals("mib"), f[4], !f[5].startsWith("ramStated=no")));
        }
        return out;
    }

    /** The value as that llama.cpp printed it: bytes / 1e6 (2024 on) or / 2^20 (2023), two decimals. */
    private static String printed(long bytes, boolean mib) {
        return String.format(Locale.ROOT, "%.2f", mib ? bytes / (double) (1 << 20) : bytes / 1e6);
    }

    @Test
    void everyPrintedWorkingSetIsTheRuleAtItsRam() throws Exception {
        List<Seen> all = seen();
        assertEquals(14, all.size());
        for (Seen s : all) {
            Matcher m = VALUE.matcher(s.line());
            assertTrue(m.find(), s.line());
            long bytes = MetalWorkingSet.rounded((long) s.ramGib() << 30, s.num(), s.den());
            assertEquals(m.group(1), printed(bytes, s.mib()), s.ramGib() + " GiB: " + s.line());
            if (s.ramStated()) {
                long[] f = MetalWorkingSet.fraction(s.ramGib(), s.generation());
                assertNotNull(f, "the rule covers every RAM size a source states: " + s);
                assertEquals(s.num() * f[1], f[0] * s.den(), s.toString());
            }
        }
    }

    @Test
    void theExactBytesTheSourcesPrintAreTheRule() {
        // find_string id 60591677251: "26,800,603,136 bytes" on a 32 GB M2 Max, macOS 26.4; id 58553056055:
        // "mem_total=12713115648" (16 GB); antirez/ds4 PR #893: "107.52 GiB" stock on a 128 GB M5 Max
        assertEquals(26_800_603_136L, MetalWorkingSet.defaultBytes(32, Generation.MACOS_26));
        assertEquals(12_713_115_648L, MetalWorkingSet.defaultBytes(16, Generation.MACOS_26));
        assertEquals("107.52", String.format(Locale.ROOT, "%.2f", MetalWorkingSet.defaultBytes(128, Generation.MACOS_26)
                / (double) (1L << 30)));
        // the fraction is of the RAM, not a fixed reserve: 32 GiB keeps 7.04 GiB for macOS, 128 GiB 20.48 GiB
        assertNull(MetalWorkingSet.defaultBytes(24, Generation.MACOS_26), "24 GiB: a value with no RAM stated, not in the rule");
        assertNull(MetalWorkingSet.defaultBytes(96, Generation.MACOS_26), "never seen: no guess");
    }

    @Test
    void theCatalogsMacsAreTheRule() {
        int macs = 0;
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            if (!e.unified()) {
                continue;
            }
            macs++;
            int ram = (int) (e.unifiedRamBytes() >> 30);
            Generation g = e.name().contains("(macOS 26)") ? Generation.MACOS_26 : Generation.BEFORE_MACOS_26;
            assertEquals(MetalWorkingSet.defaultBytes(ram, g), e.cudaVisibleBytes(), e.name());
            assertEquals(ram, e.marketingGb().intValue(), e.name());
        }
        assertEquals(8, macs);
    }

    @Test
    void theWiredLimitBecomesTheWorkingSetInMib() throws Exception {
        List<String> all = lines("wired-limit.txt");
        assertEquals(4, all.size());
        for (String l : all) {
            String[] f = l.split(" \\| ", 4);
            long mb = Long.parseLong(f[0].trim());
            Gpu mac = new Gpu("mac", 1, 1L << 30, null, 128L << 30, mb);
            long bytes = mac.usableBytes();
            assertEquals(mb << 20, bytes);
            assertTrue(f[3].startsWith("https://github.com/"), l);
            if (f[2].equals("gib")) {
                assertTrue(f[1].contains(String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30))), l);
            } else {
                assertTrue(f[1].contains(mb + " MiB") || f[1].contains(" " + mb + " "), l);
            }
        }
        assertEquals(1L << 30, new Gpu("mac", 1, 1L << 30, null, 128L << 30, 0L).usableBytes(), "0: macOS's default");
        assertEquals(1L << 30, new Gpu("mac", 1, 1L << 30, null, 128L << 30, null).usableBytes());
    }
}
