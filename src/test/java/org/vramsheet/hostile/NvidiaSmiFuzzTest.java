package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.io.probe.NvidiaSmi;

/**
 * Issue 26, point 3: mutated nvidia-smi output (columns chosen and shuffled, units in the header or the values or
 * neither, nounits, no header, repeated headers, stray cells, [N/A], fractions, huge numbers, the default table with
 * its power and process columns). The text builds its own expectation as it is written: the peak of memory.used in its
 * unit when every row can be read for certain, else a refusal. The reader never takes another column or another unit,
 * never throws, and refuses with one line.
 */
class NvidiaSmiFuzzTest {
    private static final long MAX_GPU = 16L << 40;
    private static final Map<String, Long> UNITS = Map.of("MiB", 1L << 20, "MB", 1_000_000L, "GiB", 1L << 30, "KiB", 1024L,
            "B", 1L, "GB", 1_000_000_000L, "mib", 1L << 20);
    private static final String[] MEMORY_UNITS = {"MiB", "MiB", "MiB", "MiB", "MB", "GiB", "KiB", "B", "GB", "%", "W", null, ""};
    private static final String[] COLUMNS = {"memory.total", "memory.free", "memory.reserved", "utilization.gpu",
        "utilization.memory", "index", "name", "temperature.gpu", "power.draw", "timestamp"};

    /** The text, and what it holds: the bytes memory.used peaks at when it can be read for certain (else null). */
    record Case(String text, Long peak, int rows) { }

    /** What is written, and whether every memory.used so far could be read for certain. */
    private static final class Writer {
        final StringBuilder text = new StringBuilder();
        boolean certain = true;
        long peak;
        int rows;
    }

    @Property(tries = 1200)
    void onlyMemoryUsedInItsUnitIsEverTaken(@ForAll("seeds") long seed) {
        Random rnd = new Random(seed);
        Case c = rnd.nextInt(4) == 0 ? table(rnd) : csv(rnd);
        String what = "seed " + seed + ":\n" + c.text();
        NvidiaSmi.Reading r = NvidiaSmi.read(c.text());
        if (c.peak() == null) {
            assertNull(r.peak(), what + "\nwas taken as " + r.peak()); // refused, or (no header, no reading in sight) not output
        } else {
            assertNull(r.error(), what);
            assertEquals(c.peak(), r.peak().usedBytes(), what);
            assertEquals(c.rows(), r.peak().samples(), what);
        }
        if (r.error() != null) {
            assertTrue(!r.error().contains("\n") && r.error().length() < 300, r.error());
        }
    }

    private static Case csv(Random rnd) {
        List<String> cols = new ArrayList<>(List.of(COLUMNS));
        Collections.shuffle(cols, rnd);
        cols = new ArrayList<>(cols.subList(0, rnd.nextInt(5)));
        boolean hasUsed = rnd.nextInt(8) != 0;
        if (hasUsed) {
            cols.add(rnd.nextInt(cols.size() + 1), "memory.used");
        }
        if (cols.isEmpty()) {
            cols.add("memory.free");
        }
        List<String> units = new ArrayList<>();
        for (String col : cols) {
            units.add(col.startsWith("memory.") ? MEMORY_UNITS[rnd.nextInt(MEMORY_UNITS.length)]
                    : col.equals("utilization.gpu") || col.equals("utilization.memory") ? "%" : col.equals("power.draw") ? "W" : null);
        }
        boolean header = rnd.nextInt(10) != 0;
        boolean repeat = rnd.nextBoolean();
        boolean nounits = rnd.nextInt(5) < 2;
        Writer w = new Writer();
        // a header unit that is not a size refuses the column; none at all leaves it to each value's own unit
        String usedHeader = hasUsed ? units.get(cols.indexOf("memory.used")) : null;
        w.certain = hasUsed && header && (usedHeader == null || sizeUnit(usedHeader) != null);
        if (cols.contains("memory.total") && sizeUnit(units.get(cols.indexOf("memory.total"))) == null) {
            w.certain = false;
        }
        if (rnd.nextInt(10) == 0) {
            w.text.append("$ nvidia-smi --query-gpu=").append(String.join(",", cols)).append(" --format=csv\n");
        }
        int gpus = 1 + rnd.nextInt(4);
        int samples = 1 + rnd.nextInt(4);
        for (int s = 0; s < samples; s++) {
            if (header && (s == 0 || repeat)) {
                w.text.append(headerLine(cols, units)).append('\n');
            }
            for (int g = 0; g < gpus; g++) {
                w.text.append(row(rnd, cols, units, nounits, g, w)).append('\n');
                if (rnd.nextInt(20) == 0) {
                    w.text.append('\n');
                }
            }
        }
        boolean taken = w.certain && w.rows > 0 && w.peak > 0;
        return new Case(w.text.toString(), taken ? w.peak : null, w.rows);
    }

    private static String headerLine(List<String> cols, List<String> units) {
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < cols.size(); i++) {
            cells.add(cols.get(i) + (units.get(i) == null ? "" : " [" + units.get(i) + "]"));
        }
        return String.join(", ", cells);
    }

    /** One GPU's row; memory.used and memory.total written as nvidia-smi would, or mutated (the writer notes which). */
    private static String row(Random rnd, List<String> cols, List<String> units, boolean nounits, int gpu, Writer w) {
        long usedCount = rnd.nextInt(30) == 0 ? 0 : 1 + rnd.nextInt(90_000);
        String usedNumber = rnd.nextInt(20) == 0 ? usedCount + ".5" : Long.toString(usedCount);
        String usedText = usedNumber;
        if (rnd.nextInt(30) == 0) {
            usedText = usedNumber = "9".repeat(12 + rnd.nextInt(30));
        }
        String usedUnit = cols.contains("memory.used") ? units.get(cols.indexOf("memory.used")) : null;
        String valueUnit = nounits ? null : rnd.nextInt(10) == 0 ? MEMORY_UNITS[rnd.nextInt(MEMORY_UNITS.length)] : usedUnit;
        boolean na = rnd.nextInt(30) == 0;
        Long used = na ? null : bytes(usedNumber, valueUnit, usedUnit);
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < cols.size(); i++) {
            String col = cols.get(i);
            cells.add(switch (col) {
                case "memory.used" -> na ? "[N/A]" : usedText + (valueUnit == null || valueUnit.isEmpty() ? "" : " " + valueUnit);
                case "memory.total" -> total(rnd, used, units.get(i), nounits, w);
                case "memory.free", "memory.reserved" -> rnd.nextInt(9000) + (nounits || units.get(i) == null ? "" : " " + units.get(i));
                case "utilization.gpu", "utilization.memory" -> rnd.nextInt(101) + (nounits ? "" : " %");
                case "index" -> Integer.toString(gpu);
                case "name" -> "NVIDIA H100 80GB HBM3";
                case "temperature.gpu" -> Integer.toString(30 + rnd.nextInt(50));
                case "power.draw" -> (100 + rnd.nextInt(600)) + ".00" + (nounits ? "" : " W");
                default -> "2026/11/30 10:00:0" + gpu + ".000";
            });
        }
        if (rnd.nextInt(25) == 0) {
            cells.add(rnd.nextInt(2) == 0 ? "1 MiB" : "");
            w.certain = false;
        }
        if (cols.contains("memory.used")) {
            w.certain &= used != null && used <= MAX_GPU;
            w.peak = Math.max(w.peak, used == null ? 0 : used);
        }
        w.rows++;
        return String.join(", ", cells);
    }

    /** memory.total for a row: usually at least memory.used (in the column's unit); when below it, nothing is certain. */
    private static String total(Random rnd, Long used, String unit, boolean nounits, Writer w) {
        Long mult = unit == null ? null : UNITS.get(unit);
        if (mult == null || used == null) {
            return "81559" + (nounits || unit == null ? "" : " " + unit);
        }
        long count = BigDecimal.valueOf(used).divide(BigDecimal.valueOf(mult), 0, RoundingMode.CEILING).longValue();
        if (rnd.nextInt(15) == 0 && count > 1) {
            count = count / 2;
        }
        long bytes = BigDecimal.valueOf(count).multiply(BigDecimal.valueOf(mult)).longValueExact();
        if (bytes > MAX_GPU || used > bytes) {
            w.certain = false;
        }
        return count + (nounits ? "" : " " + unit);
    }

    /** The bytes a unit stands for, or null when it is not a size unit ("%", "W", none). */
    private static Long sizeUnit(String unit) {
        return unit == null ? null : UNITS.get(unit);
    }

    /** The bytes a memory.used cell says, in its own unit or the header's (they must agree), or null when uncertain. */
    private static Long bytes(String number, String valueUnit, String headerUnit) {
        boolean ownUnit = valueUnit != null && !valueUnit.isEmpty();
        if (ownUnit && headerUnit != null && !valueUnit.equalsIgnoreCase(headerUnit)) {
            return null;
        }
        Long mult = sizeUnit(ownUnit ? valueUnit : headerUnit);
        if (mult == null || number.length() > 30) {
            return null;
        }
        BigDecimal v = new BigDecimal(number).multiply(BigDecimal.valueOf(mult));
        if (mult == 1 && v.stripTrailingZeros().scale() > 0) {
            return null;
        }
        BigDecimal exact = v.setScale(0, RoundingMode.HALF_UP);
        return exact.compareTo(BigDecimal.valueOf(MAX_GPU)) > 0 ? null : exact.longValueExact();
    }

    /** The default table: the Memory-Usage column per GPU, with the power column and a process list that are not it. */
    private static Case table(Random rnd) {
        String unit = rnd.nextInt(10) == 0 ? "GiB" : "MiB";
        Writer w = new Writer();
        w.text.append("| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |\n")
                .append("| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n")
                .append("| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n")
                .append("|=========================================+========================+======================|\n");
        for (int g = 0; g < 1 + rnd.nextInt(8); g++) {
            long used = rnd.nextInt(30) == 0 ? 0 : 1 + rnd.nextInt(unit.equals("MiB") ? 81_559 : 79);
            long total = rnd.nextInt(20) == 0 ? used / 2 : unit.equals("MiB") ? 81_559 : 80;
            w.certain &= used <= total;
            w.peak = Math.max(w.peak, used * UNITS.get(unit));
            w.rows++;
            w.text.append(String.format("|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%02X:00.0 Off |                    0 |%n",
                    g, 0x18 + g));
            w.text.append(String.format("| N/A   34C    P0            %dW /  700W |   %d%s /  %d%s |     %d%%      Default |%n",
                    100 + rnd.nextInt(600), used, unit, total, unit, rnd.nextInt(101)));
        }
        w.text.append("| Processes:                                                                              |\n")
                .append("|    0   N/A  N/A     12345      C   python3                                  ").append(rnd.nextInt(999_999))
                .append("MiB |\n");
        return new Case(w.text.toString(), w.certain && w.peak > 0 ? w.peak : null, w.rows);
    }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }
}
