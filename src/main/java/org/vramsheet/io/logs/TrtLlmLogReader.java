package org.vramsheet.io.logs;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.validation.Measurement;

/** TensorRT-LLM's startup log: "Allocated ... for max tokens in paged KV cache" and the memory it counted. */
final class TrtLlmLogReader implements EngineLogReader {
    private static final Pattern TRT_ALLOC = Pattern.compile("Allocated ([0-9.]+) GiB for max tokens in paged KV cache "
            + "\\(([0-9]+)\\)");
    private static final Pattern TRT_MEM = Pattern.compile("Memory usage when calculating max tokens in paged kv cache: total: "
            + "([0-9.]+) GiB, available: ([0-9.]+) GiB");

    @Override
    public String name() { return "TensorRT-LLM"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(TrtLlmLogReader::read); }

    private static boolean read(String line, Measurement.Builder f) {
        boolean hit = false;
        Matcher m;
        if ((m = TRT_ALLOC.matcher(line)).find()) {
            long pool = LogText.gib(m.group(1));
            f.engine(Engine.TENSORRT_LLM).kvPoolBytes(pool).kvTokens(LogText.num(m.group(2)));
            hit = true;
        }
        if ((m = TRT_MEM.matcher(line)).find()) {
            f.engine(Engine.TENSORRT_LLM).totalBytes(LogText.gib(m.group(1)));
            hit = true;
        }
        return hit;
    }
}
