package org.vramsheet.ui.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The latency estimate's utilization source, quoted in its assumptions ("... ('calibrated from probe run TIME on SETUP:
 * ...; the rest calibrated on 15 published SGLang runs ...')"), in the window's language: taken apart at its "; " (not
 * those inside parentheses), each part by its sentence; the setup's names, the time and the engine stay as they are.
 */
final class SourceText {
    /** The sources core/perf and core/calc write: the calibrated defaults, typed values, a calibration from a probe run. */
    static final Pattern START = Pattern.compile("'(calibrated from probe run |calibrated on |typed in RUNTIME: )");
    private static final Pattern PROBE_RUN = Pattern.compile("calibrated from probe run (\\S+|\\(time not recorded\\)) on (.+): "
            + "(memory-bandwidth utilization .*)");
    private static final Pattern FIT = Pattern.compile("memory-bandwidth utilization (\\S+) fits the measured ITL p50 (.+?), "
            + "compute utilization (\\S+) the measured TTFT p50 (.+?) \\(least squares of log errors; prompt (\\d+), output "
            + "(\\d+) tokens per request\\)");
    static final String FIT_KEY = "memory-bandwidth utilization {0} fits the measured ITL p50 {1}, compute utilization {2} the "
            + "measured TTFT p50 {3} (least squares of log errors; prompt {4}, output {5} tokens per request)";
    private static final Pattern USED_FOR = Pattern.compile("used for (.+) as it is \\(SGLang is the only engine with published "
            + "runs fitted\\)");
    private static final Pattern TYPED = Pattern.compile("typed in RUNTIME: (.*)");
    /** The calibrated default: the runs' count translated, their models and GPUs kept as written ("Llama 3.1", not "3,1"). */
    private static final Pattern PUBLISHED = Pattern.compile("calibrated on (\\d+) published runs \\((.+)\\), docs/accuracy\\.md");
    private static final String MEAN_MEDIAN = "mean TPOT, median TTFT";

    private SourceText() { }

    /** The quoted source {@code quoted} ('...') translated, quotes kept. */
    static String translate(Texts t, String quoted, List<String> missed) {
        StringBuilder b = new StringBuilder();
        for (String part : parts(quoted.substring(1, quoted.length() - 1))) {
            b.append(b.length() == 0 ? "" : "; ").append(part(t, part, missed));
        }
        return "'" + b + "'";
    }

    private static String part(Texts t, String p, List<String> missed) {
        if (p.startsWith("the rest ")) {
            return t.fill("the rest {0}", missed, part(t, p.substring("the rest ".length()), missed));
        }
        Matcher m = PROBE_RUN.matcher(p);
        if (m.matches()) {
            String time = m.group(1).startsWith("(") ? t.part(m.group(1), missed) : m.group(1);
            String setup = m.group(2).replace("the model of the sheet", t.part("the model of the sheet", missed))
                    .replace("engine not known", t.part("engine not known", missed));
            return t.fill("calibrated from probe run {0} on {1}: {2}", missed, time, setup, fit(t, m.group(3), missed));
        }
        m = USED_FOR.matcher(p);
        if (m.matches()) {
            return t.fill("used for {0} as it is (SGLang is the only engine with published runs fitted)", missed, m.group(1));
        }
        m = PUBLISHED.matcher(p);
        if (m.matches()) {
            return t.fill("calibrated on {0} published runs ({1}), docs/accuracy.md", missed, m.group(1),
                    m.group(2).replace(MEAN_MEDIAN, t.part(MEAN_MEDIAN, missed)));
        }
        m = TYPED.matcher(p);
        if (m.matches()) {
            List<String> typed = new ArrayList<>();
            for (String v : m.group(1).split(", ")) {
                typed.add(t.part(v, missed));
            }
            return t.fill("typed in RUNTIME: {0}", missed, String.join(", ", typed));
        }
        return t.part(p, missed);
    }

    private static String fit(Texts t, String s, List<String> missed) {
        Matcher m = FIT.matcher(s);
        if (!m.matches()) {
            return t.part(s, missed);
        }
        return t.fill(FIT_KEY, missed, t.numbers(m.group(1)), t.part(m.group(2), missed), t.numbers(m.group(3)),
                t.part(m.group(4), missed), m.group(5), m.group(6));
    }

    /** The parts between "; " outside parentheses. */
    static List<String> parts(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && s.startsWith("; ", i)) {
                out.add(s.substring(from, i));
                from = i + 2;
            }
        }
        out.add(s.substring(from));
        return out;
    }
}
