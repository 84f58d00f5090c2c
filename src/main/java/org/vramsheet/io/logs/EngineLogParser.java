package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.Messages;

/**
 * Reads an engine's startup log into a {@link Measurement}, line by line through each engine's reader
 * ({@link VllmLogReader}, {@link SglangLogReader}, {@link LlamaCppLogReader}, {@link TrtLlmLogReader}; llama-fit-params'
 * estimate, {@link LlamaCppFitParamsReader}). Process
 * prefixes, timestamps and ANSI colours are removed here; a line longer than {@link #MAX_LINE} is skipped.
 */
public final class EngineLogParser {
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[;\\d]*[A-Za-z]");
    /** Lines longer than this are not an engine's (real ones are under 4 KiB) and are skipped: parsing stays linear. */
    public static final int MAX_LINE = 16 * 1024;
    /** The most of a log that is read (a startup log is a few hundred KiB). */
    public static final int MAX_LOG = 64 * 1024 * 1024;

    private EngineLogParser() { }

    /** A fresh reader of each engine, in the order they are tried on every line. */
    private static List<EngineLogReader> readers() {
        return List.of(new VllmLogReader(), new SglangLogReader(), new LlamaCppLogReader(), new OllamaLogReader(), new TrtLlmLogReader(),
                new LlamaCppFitParamsReader());
    }

    /** Parses a log; a log without any known line gives a Measurement whose matchedLines is empty. */
    public static Measurement parse(String log) {
        List<EngineLogReader> readers = readers();
        List<EngineLogReader.LineReader> lineReaders = new ArrayList<>();
        readers.forEach(r -> lineReaders.addAll(r.lineReaders()));
        Measurement.Builder m = Measurement.builder();
        List<String> matched = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        String text = log.length() > MAX_LOG ? log.substring(0, MAX_LOG) : log;
        for (String raw : text.split("\\r?\\n")) {
            if (raw.length() > MAX_LINE) {
                skipped.add("a line of " + raw.length() + " characters (longer than " + MAX_LINE + ")");
                continue;
            }
            String line = raw.indexOf('\u001B') < 0 ? raw : ANSI.matcher(raw).replaceAll("");
            // every reader sees every line (no short circuit): one line can carry several facts
            boolean hit = false;
            boolean failed = false;
            for (EngineLogReader.LineReader r : lineReaders) {
                try {
                    hit |= r.read(line, m);
                } catch (RuntimeException e) {
                    // a value that does not parse or does not fit ("None", an empty number, 9e9 GiB): that reader's facts
                    // of the line stay unread instead of failing the log
                    failed = true;
                }
            }
            if (hit) {
                matched.add(line.trim());
            }
            if (failed) {
                skipped.add(Messages.oneLine(line.trim().length() > 80 ? line.trim().substring(0, 80) + "…" : line.trim()));
            }
        }
        for (EngineLogReader r : readers) {
            try {
                r.finish(m);
            } catch (RuntimeException e) {
                // a figure the lines give only together does not fit (a hostile log): it stays unknown, never a crash
                skipped.add(r.name() + ": a figure computed from several lines does not fit and is left out");
            }
        }
        return m.matchedLines(matched).skippedLines(skipped).build();
    }

    /** One line saying what was found, or that nothing was. */
    public static String summary(Measurement m) {
        if (m.matchedLines().isEmpty()) {
            List<String> names = readers().stream().map(EngineLogReader::name).toList();
            return "no engine startup lines found (looked for " + String.join(", ", names.subList(0, names.size() - 1))
                    + " and " + names.get(names.size() - 1) + " KV cache lines)";
        }
        int n = m.matchedLines().size();
        return String.format(Locale.ROOT, "%s%s: %d line%s read", m.engine() == null ? "unknown engine" : m.engine().label(),
                m.version() == null ? "" : " " + m.version(), n, n == 1 ? "" : "s")
                + (m.skippedLines().isEmpty() ? "" : "; " + m.skippedLines().size() + " line" + (m.skippedLines().size() == 1
                ? "" : "s") + " skipped: a value that does not parse or does not fit, or too long");
    }
}
