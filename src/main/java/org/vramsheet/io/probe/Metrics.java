package org.vramsheet.io.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code /metrics} page in the Prometheus text exposition format, read as it is read: comments and malformed lines
 * are skipped (and counted), label values unescaped, values parsed as doubles (NaN and the infinities
 * kept: {@link EngineMetrics} refuses them where a number is used). At most {@link #MAX_CHARS} characters are read.
 */
public final class Metrics {
    /** One sample: metric name, labels, value. */
    public record Sample(String name, Map<String, String> labels, double value) { }

    private final List<Sample> samples;
    private final int malformed;

    private Metrics(List<Sample> samples, int malformed) {
        this.samples = List.copyOf(samples);
        this.malformed = malformed;
    }

    /** The most of a metrics page that is read (a real one is tens of KiB). */
    static final int MAX_CHARS = 8 << 20;

    public static Metrics parse(String text) {
        List<Sample> out = new ArrayList<>();
        int bad = 0;
        String t = text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
        for (String raw : t.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Sample s = sample(line);
            if (s == null) {
                bad++;
            } else {
                out.add(s);
            }
        }
        return new Metrics(out, bad);
    }

    private static Sample sample(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        String name;
        Map<String, String> labels = new LinkedHashMap<>();
        String rest;
        if (brace > 0 && (space < 0 || brace < space)) {
            name = line.substring(0, brace);
            int end = labels(line, brace + 1, labels);
            if (end < 0) {
                return null;
            }
            rest = line.substring(end + 1).strip();
        } else if (space > 0) {
            name = line.substring(0, space);
            rest = line.substring(space + 1).strip();
        } else {
            return null;
        }
        if (!name.matches("[a-zA-Z_:][a-zA-Z0-9_:]*")) {
            return null;
        }
        String value = rest.split("\\s+")[0];
        try {
            return new Sample(name, Map.copyOf(labels), switch (value) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                case "NaN" -> Double.NaN;
                default -> Double.parseDouble(value);
            });
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Reads {@code a="x",b="y"} from {@code i}; returns the index of the closing brace, or -1 when malformed. */
    private static int labels(String line, int i, Map<String, String> out) {
        while (i < line.length()) {
            char ch = line.charAt(i);
            if (ch == '}') {
                return i;
            }
            if (ch == ',' || ch == ' ') {
                i++;
                continue;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                return -1;
            }
            String key = line.substring(i, eq).strip();
            StringBuilder v = new StringBuilder();
            int j = eq + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char c = line.charAt(j);
                if (c == '\\' && j + 1 < line.length()) {
                    char n = line.charAt(++j);
                    v.append(n == 'n' ? '\n' : n);
                } else {
                    v.append(c);
                }
            }
            if (j >= line.length()) {
                return -1;
            }
            out.put(key, v.toString());
            i = j + 1;
        }
        return -1;
    }

    public List<Sample> samples() { return samples; }

    /** Lines that were neither comments nor samples. */
    public int malformed() { return malformed; }

    /** The first sample of the first name present (older engines name their metrics differently), or null. */
    public Sample first(String... names) {
        for (String n : names) {
            for (Sample s : samples) {
                if (s.name().equals(n)) {
                    return s;
                }
            }
        }
        return null;
    }
}
