package org.vramsheet.io.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.units.NumberGrammar;

/**
 * Reads GPU choices such as "2xH100@2.49, 1xH200@3.60, 4xL40S" against the built-in GPU catalog: a choice without a
 * price takes the catalog's example price (labelled as one), a typed price overrides it.
 */
public final class GpuOptions {
    private static final Pattern ONE = Pattern.compile("\\s*(\\d+)\\s*[x×]\\s*([^@]+?)\\s*(?:@\\s*\\$?([0-9.]+))?\\s*");

    private GpuOptions() { }

    /** Thrown with the part that could not be read. */
    public static final class BadSpec extends Exception {
        private static final long serialVersionUID = 1L;

        public BadSpec(String m) { super(m); }
    }

    public static List<Planner.Option> parse(String spec) throws BadSpec {
        List<Planner.Option> out = new ArrayList<>();
        for (String part : spec.split("[,;]")) {
            if (part.isBlank()) {
                continue;
            }
            Matcher m = ONE.matcher(part);
            if (!m.matches()) {
                throw new BadSpec("'" + part.trim() + "': write COUNTxGPU[@PRICE], e.g. 2xH100@2.49");
            }
            // the sheet's grammar for a count: a 20-digit count is refused as out of range, not a crash
            Long count = NumberGrammar.read(m.group(1), NumberGrammar.Kind.COUNT).value();
            int n = count == null || count > 1024 ? 0 : count.intValue();
            if (m.group(3) != null && !m.group(3).matches("\\d{1,9}(\\.\\d{1,9})?")) {
                throw new BadSpec("'" + part.trim() + "': the price is a number of dollars per GPU-hour, e.g. 2.49");
            }
            if (n < 1 || n > 1024) {
                throw new BadSpec("'" + part.trim() + "': the count must be 1 to 1024");
            }
            GpuCatalog.Entry g = find(m.group(2));
            if (g == null) {
                throw new BadSpec("'" + m.group(2) + "' is not in the GPU catalog (try H100, H200, A100 80GB, L40S, B200)");
            }
            out.add(GpuCatalog.option(g, n + " x " + g.name(), n, m.group(3) == null ? null : Double.parseDouble(m.group(3))));
        }
        return out;
    }

    static GpuCatalog.Entry find(String name) {
        String q = name.trim().toLowerCase(Locale.ROOT);
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            if (e.name().toLowerCase(Locale.ROOT).equals(q)) {
                return e;
            }
        }
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            String n = e.name().toLowerCase(Locale.ROOT);
            if (n.contains(q) || n.replace("nvidia ", "").startsWith(q)) {
                return e;
            }
        }
        return null;
    }
}
