package org.vramsheet.io.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.io.Messages;

/**
 * The peak memory.used in nvidia-smi output, read by its header: the CSV of {@code --query-gpu=... --format=csv} (with
 * or without {@code nounits}, whose header still names the unit: "memory.used [MiB]"; one reading or a {@code -lms}
 * series, its header repeated or not) or the default table (its Memory-Usage column, "71234MiB / 81559MiB"). Only the
 * memory.used column is taken, in its unit; memory.total, when there, bounds it. The peak is the largest memory.used of
 * any GPU in any sample (the sheet's measured peak is per GPU). What cannot be read for certain is refused whole, with
 * one line: readings without a header ({@code noheader}: which column is which?), a header without memory.used, a unit
 * that is not a size, a value that is not a size, a row that does not fit its header.
 */
public final class NvidiaSmi {
    /** The peak used and the GPU's total (0 when the output has no memory.total), in bytes, over {@code samples} rows. */
    public record Peak(long usedBytes, long totalBytes, int samples) { }

    /** What a text gave: its peak, or why it is refused; both null when it is not nvidia-smi output at all. */
    public record Reading(Peak peak, String error) { }

    /** How to get output this reads. */
    public static final String HOW = "run nvidia-smi --query-gpu=memory.used,memory.total --format=csv";
    private static final Reading NONE = new Reading(null, null);
    /** A --query-gpu property as the CSV header names it, with its unit in brackets: "memory.used [MiB]", "index". */
    private static final Pattern HEADER_CELL = Pattern.compile("([a-z][a-z0-9_]*(?:\\.[a-z0-9_]+)*)\\s*(?:\\[([^\\]]*)])?");
    private static final Pattern VALUE = Pattern.compile("([0-9][0-9.]*)\\s*([A-Za-z%]*)");
    private static final Pattern PAIR = Pattern.compile("([0-9][0-9.]*)\\s*([A-Za-z]+)\\s*/\\s*([0-9][0-9.]*)\\s*([A-Za-z]+)");
    /** The most memory one GPU can have (the sheet's bound on GPU memory). */
    private static final long MAX_GPU = Inputs.get("gpu.totalBytes").max();

    /** The columns a header names, the units in its brackets (null: none), and where memory.used and memory.total are. */
    private record Columns(List<String> names, List<String> units, int used, int total) { }

    /** A size read from one cell, or why not. */
    private record Size(long bytes, String error) { }

    /** The peak so far. */
    private static final class Peaks {
        long used;
        long total;
        int samples;
    }

    private NvidiaSmi() { }

    /** Reads nvidia-smi output (see the class comment). */
    public static Reading read(String text) {
        String[] lines = text.split("\\R", -1);
        for (String l : lines) {
            if (l.contains("Memory-Usage")) {
                return table(lines);
            }
        }
        return csv(lines);
    }

    private static Reading csv(String[] lines) {
        Columns cols = null;
        Peaks peaks = new Peaks();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            Columns h = header(line);
            if (h != null) {
                String bad = check(h);
                if (bad != null) {
                    return refused(i, bad);
                }
                cols = h;
            } else if (cols != null) {
                String bad = row(line, cols, peaks);
                if (bad != null) {
                    return refused(i, bad);
                }
            } else if (VALUE.matcher(line.split(",", -1)[0].strip()).matches()) {
                return refused(i, "a reading without a header (noheader): " + HOW + ", so that the columns are named");
            }
        }
        if (cols == null) {
            return NONE; // not nvidia-smi --query-gpu output (no header, no readings)
        }
        return peak(peaks, "a header with no readings under it");
    }

    /** The header a line is, or null: every cell a property name, at least one with a dot or a unit. */
    private static Columns header(String line) {
        List<String> names = new ArrayList<>();
        List<String> units = new ArrayList<>();
        boolean property = false;
        for (String cell : line.split(",", -1)) {
            Matcher m = HEADER_CELL.matcher(cell.strip());
            if (!m.matches()) {
                return null;
            }
            names.add(m.group(1));
            units.add(m.group(2) == null ? null : m.group(2).strip());
            property |= m.group(1).contains(".") || m.group(2) != null;
        }
        return property ? new Columns(names, units, names.indexOf("memory.used"), names.indexOf("memory.total")) : null;
    }

    /** Why a header cannot be read for memory.used, or null. */
    private static String check(Columns h) {
        if (h.used() < 0) {
            return "the header has no memory.used column (" + quote(String.join(", ", h.names())) + ")";
        }
        if (h.names().lastIndexOf("memory.used") != h.used() || h.total() >= 0 && h.names().lastIndexOf("memory.total") != h.total()) {
            return "the header names a column twice";
        }
        for (int c : new int[] {h.used(), h.total()}) {
            String unit = c < 0 ? null : h.units().get(c);
            if (unit != null && !NumberGrammar.read("1 " + unit, NumberGrammar.Kind.BYTES).ok()) {
                return quote(h.names().get(c)) + " is in " + quote(unit) + ", not a size";
            }
        }
        return null;
    }

    /** Adds one row's memory.used to the peak; why the row cannot be read, or null. */
    private static String row(String line, Columns c, Peaks peaks) {
        String[] cells = line.split(",", -1);
        if (cells.length != c.names().size()) {
            return cells.length + " values under a header of " + c.names().size() + " columns";
        }
        Size used = size(cells[c.used()], c.units().get(c.used()), "memory.used");
        if (used.error() != null) {
            return used.error();
        }
        Size total = c.total() < 0 ? null : size(cells[c.total()], c.units().get(c.total()), "memory.total");
        if (total != null && total.error() != null) {
            return total.error();
        }
        return add(peaks, used.bytes(), total == null ? -1 : total.bytes());
    }

    private static String add(Peaks peaks, long used, long total) {
        if (total >= 0 && used > total) {
            return "memory.used is above memory.total";
        }
        peaks.used = Math.max(peaks.used, used);
        peaks.total = Math.max(peaks.total, Math.max(total, 0));
        peaks.samples++;
        return null;
    }

    /** One cell as bytes, in its own unit or the header's (they must agree). */
    private static Size size(String cell, String headerUnit, String name) {
        String v = cell.strip();
        Matcher m = VALUE.matcher(v);
        if (!m.matches()) {
            return new Size(0, quote(name) + " is " + quote(v) + ", not a size");
        }
        String own = m.group(2);
        if (!own.isEmpty() && headerUnit != null && !own.equalsIgnoreCase(headerUnit)) {
            return new Size(0, quote(name) + " is in " + quote(own) + " under a header in " + quote(headerUnit));
        }
        String unit = own.isEmpty() ? headerUnit : own;
        if (unit == null || unit.isEmpty()) {
            return new Size(0, quote(name) + " has no unit (neither in the header nor in the value)");
        }
        return bytes(m.group(1), unit, name);
    }

    private static Size bytes(String number, String unit, String name) {
        NumberGrammar.Read r = NumberGrammar.read(number + " " + unit, NumberGrammar.Kind.BYTES);
        String shown = quote(number + " " + unit);
        if (r.value() == null && r.error() != null && !r.error().startsWith("too large")) {
            return new Size(0, quote(name) + " is " + shown + ", not a size");
        }
        if (r.value() == null || r.value() > MAX_GPU) {
            return new Size(0, quote(name) + " is " + shown + ", more than a GPU holds (16 TiB)");
        }
        return new Size(r.value(), null);
    }

    /** The default table: the Memory-Usage column of each GPU's row, before the process and MIG lists. */
    private static Reading table(String[] lines) {
        int col = -1;
        Peaks peaks = new Peaks();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.contains("Processes:") || line.contains("MIG devices")) {
                break; // what follows is per process or per MIG slice, not per GPU
            }
            String[] cells = line.split("\\|", -1);
            if (line.contains("Memory-Usage")) {
                for (int c = 0; c < cells.length; c++) {
                    col = cells[c].contains("Memory-Usage") ? c : col;
                }
                continue;
            }
            Matcher m = col < 0 || col >= cells.length ? null : PAIR.matcher(cells[col].strip());
            if (m == null || !m.matches()) {
                continue;
            }
            Size used = bytes(m.group(1), m.group(2), "memory used");
            Size total = bytes(m.group(3), m.group(4), "memory total");
            String bad = used.error() != null ? used.error() : total.error() != null ? total.error() : add(peaks, used.bytes(),
                    total.bytes());
            if (bad != null) {
                return refused(i, bad);
            }
        }
        return peak(peaks, "a table with no readable Memory-Usage row: " + HOW);
    }

    private static Reading peak(Peaks peaks, String none) {
        if (peaks.samples == 0) {
            return new Reading(null, none);
        }
        if (peaks.used == 0) {
            return new Reading(null, "memory.used is 0 in every reading: nothing was loaded on the GPU");
        }
        return new Reading(new Peak(peaks.used, peaks.total, peaks.samples), null);
    }

    private static Reading refused(int line, String why) {
        return new Reading(null, "line " + (line + 1) + ": " + why);
    }

    /** A value from the text, quoted for a message: one line, cut short, its own quotes turned. */
    private static String quote(String s) {
        String v = s.length() > 40 ? s.substring(0, 40) + "…" : s;
        return "'" + Messages.oneLine(v).replace('\'', '’') + "'";
    }
}
