package org.vramsheet.io.logs;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/** SGLang's startup log: "Load weight end. ... mem usage=", "KV Cache is allocated" and max_total_num_tokens. */
final class SglangLogReader implements EngineLogReader {
    private static final Pattern SG_KV = Pattern.compile("KV Cache is allocated\\. #tokens: ([0-9]+), (?:dtype: [^,]+, )?"
            + "(?:K size: ([0-9.]+) GB, V size: ([0-9.]+) GB|KV size: ([0-9.]+) GB)");
    private static final Pattern SG_MAX = Pattern.compile("max_total_num_tokens=([0-9]+)");
    private static final Pattern SG_MEM = Pattern.compile("^([0-9.]+) GB");
    private static final Pattern SG_CONTEXT = Pattern.compile("context_len=([0-9]+)");

    @Override
    public String name() { return "SGLang"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(SglangLogReader::read); }

    private static boolean read(String line, Measurement.Builder f) {
        boolean hit = false;
        Matcher m;
        if ((m = SG_KV.matcher(line)).find()) {
            long tokens = LogText.num(m.group(1));
            double gb = m.group(4) != null ? Double.parseDouble(m.group(4))
                    : Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(3));
            long pool = Units.gib(gb); // SGLang's "GB" is 2^30 bytes
            f.engine(Engine.SGLANG).kvTokens(tokens).kvPoolBytes(pool);
            hit = true;
        }
        if ((m = SG_MAX.matcher(line)).find()) {
            long tokens = LogText.num(m.group(1));
            Matcher c = SG_CONTEXT.matcher(line);
            Long context = c.find() ? LogText.num(c.group(1)) : null;
            f.engine(Engine.SGLANG).kvTokens(tokens);
            if (context != null) {
                f.maxModelLen(context);
            }
            hit = true;
        }
        String mem = LogText.after(line, "Load weight end.", "mem usage=");
        if (mem != null && (m = SG_MEM.matcher(mem)).find()) {
            long weights = Units.gib(Double.parseDouble(m.group(1)));
            f.engine(Engine.SGLANG).weightsBytes(weights).nonKvBytes(weights);
            hit = true;
        }
        return hit;
    }
}
