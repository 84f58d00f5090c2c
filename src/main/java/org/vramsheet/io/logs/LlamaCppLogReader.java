package org.vramsheet.io.logs;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.validation.Measurement;

/** llama.cpp's startup log: the KV cache size line (MiB, cells) and n_ctx. */
final class LlamaCppLogReader implements EngineLogReader {
    /**
     * Starts only where a word starts, and the name's tail is taken possessively: "llama_kv_cache" repeated through a
     * line was tried from every occurrence to the end of the word (quadratic).
     */
    private static final Pattern LC_KV = Pattern.compile("(?<!\\w)(?:llama_kv_cache\\w*+|llama_new_context_with_model)"
            + ":\\s++(?:size|KV self size)\\s*+=\\s*+([0-9.]++) MiB(?: \\(\\s*+([0-9]++) cells)?");
    private static final Pattern LC_CTX = Pattern.compile("n_ctx(?:_seq)?\\s*=\\s*([0-9]+)");

    @Override
    public String name() { return "llama.cpp"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(LlamaCppLogReader::read); }

    /** llama.cpp's cache holds n_ctx cells: without a cells count, the context is the capacity. */
    @Override
    public void finish(Measurement.Builder m) {
        if (m.engine() == Engine.LLAMA_CPP && m.kvTokens() == null) {
            m.kvTokens(m.maxModelLen());
        }
    }

    private static boolean read(String line, Measurement.Builder f) {
        boolean hit = false;
        Matcher m;
        if (line.contains("llama_") && (m = LC_KV.matcher(line)).find()) {
            long pool = LogText.mib(m.group(1));
            Long cells = m.group(2) != null ? LogText.num(m.group(2)) : null;
            f.engine(Engine.LLAMA_CPP).kvPoolBytes(pool);
            if (cells != null) {
                f.kvTokens(cells);
            }
            hit = true;
        }
        if (line.contains("llama") && (m = LC_CTX.matcher(line)).find() && line.contains("n_ctx")) {
            f.engine(Engine.LLAMA_CPP);
            if (line.matches(".*\\bn_ctx\\s*=.*")) {
                f.maxModelLen(LogText.num(m.group(1)));
            }
            hit = true;
        }
        return hit;
    }
}
