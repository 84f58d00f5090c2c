package org.vramsheet.io.logs;

/**
 * The launch settings in SGLang's "server_args=ServerArgs(...)" dump that size the pool: mem_fraction_static, tp_size,
 * pp_size, model_path, kv_cache_dtype, context_length (null where absent or None). Read by key, linearly.
 */
record SglangArgs(Double fraction, Integer tensorParallel, Integer pipelineParallel, String modelPath, String kvCacheDtype,
                  Long contextLength) {
    static SglangArgs of(String line) {
        String mfs = value(line, "mem_fraction_static");
        String tp = value(line, "tp_size");
        String pp = value(line, "pp_size");
        String ctx = value(line, "context_length");
        return new SglangArgs(mfs == null ? null : LogText.ratio(mfs, 1.0), tp == null ? null : Integer.valueOf(tp),
                pp == null ? null : Integer.valueOf(pp), value(line, "model_path"), value(line, "kv_cache_dtype"),
                ctx == null ? null : LogText.num(ctx));
    }

    /** The value after {@code key=} up to the next ", " (quotes removed), or null when absent or None. */
    static String value(String line, String key) {
        int i = line.indexOf(", " + key + "=");
        int start = i >= 0 ? i + key.length() + 3 : line.indexOf("(" + key + "=");
        if (i < 0 && start >= 0) {
            start += key.length() + 2;
        }
        if (start < 0) {
            return null;
        }
        int end = line.indexOf(", ", start);
        String v = (end < 0 ? line.substring(start) : line.substring(start, end)).trim();
        if (v.endsWith(")") && end < 0) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) {
            v = v.substring(1, v.length() - 1);
        }
        return v.isEmpty() || v.equals("None") ? null : v;
    }
}
