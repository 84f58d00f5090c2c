package org.vramsheet.io.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.vramsheet.core.input.Inputs;

/**
 * The KV pool and the load a {@code /metrics} page gives (vLLM's or SGLang's names), every number range-checked: a NaN,
 * an infinity, a negative, a fraction where a count stands or a product that overflows is a one-line refusal naming the
 * metric, never a number written to the sheet. Usage is per engine (the labels other than the model's name): two
 * engines' usage is never summed, and engines that report different pools are refused.
 */
final class EngineMetrics {
    /** The sheet's own bound on a measured KV capacity (validation.kvCapacityTokens). */
    static final long MAX_CAPACITY = Inputs.get("validation.kvCapacityTokens").max();
    static final long MAX_BLOCK_SIZE = 1 << 20;
    /** More requests than any engine holds; a gauge above it is a broken page. */
    static final double MAX_REQUESTS = 1e9;
    static final double MAX_PREEMPTIONS = 1e15;

    private EngineMetrics() { }

    static EngineProbe.Snapshot snapshot(Metrics mx, String modelId, Long maxLen, String version)
            throws EngineProbe.ProbeException {
        List<Metrics.Sample> cache = samples(mx, "vllm:cache_config_info");
        if (!cache.isEmpty()) {
            long blocks = same(cache, "num_gpu_blocks", MAX_CAPACITY);
            long bs = same(cache, "block_size", MAX_BLOCK_SIZE);
            long cap = capacity(blocks, bs);
            Map<String, Double> usage = usage(mx, "vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc");
            return new EngineProbe.Snapshot("vLLM", version, modelId, maxLen, blocks, (int) bs, cap, fullest(usage),
                    total(mx, MAX_REQUESTS, "vllm:num_requests_running"), total(mx, MAX_REQUESTS, "vllm:num_requests_waiting"),
                    total(mx, MAX_PREEMPTIONS, "vllm:num_preemptions_total", "vllm:num_preemptions"),
                    cache.get(0).labels().get("cache_dtype") == null ? null
                            : ServerText.escape(cache.get(0).labels().get("cache_dtype")), usage);
        }
        List<Metrics.Sample> sg = samples(mx, "sglang:max_total_num_tokens");
        if (!sg.isEmpty()) {
            long cap = -1;
            for (Metrics.Sample s : perEngine(sg).values()) {
                long c = (long) ServerText.within(name(s), s.value(), 1, MAX_CAPACITY);
                if (c != s.value()) {
                    throw ServerText.refusal(name(s), Double.toString(s.value()), "not a whole number of tokens");
                }
                if (cap >= 0 && c != cap) {
                    throw new EngineProbe.ProbeException("/metrics: engines report different KV pools (" + cap + " and " + c
                            + " tokens in sglang:max_total_num_tokens): probe one engine at a time");
                }
                cap = c;
            }
            Map<String, Double> usage = usage(mx, "sglang:token_usage");
            return new EngineProbe.Snapshot("SGLang", version, modelId, maxLen, null, null, cap, fullest(usage),
                    total(mx, MAX_REQUESTS, "sglang:num_running_reqs"), total(mx, MAX_REQUESTS, "sglang:num_queue_reqs"), null,
                    null, usage);
        }
        return new EngineProbe.Snapshot(null, version, modelId, maxLen, null, null, null, null, null, null, null, null, null);
    }

    private static List<Metrics.Sample> samples(Metrics mx, String name) {
        List<Metrics.Sample> out = new ArrayList<>();
        for (Metrics.Sample s : mx.samples()) {
            if (s.name().equals(name)) {
                out.add(s);
            }
        }
        return out;
    }

    /** A label of cache_config_info, whole and in range, the same in every engine's sample. */
    private static long same(List<Metrics.Sample> cache, String label, long max) throws EngineProbe.ProbeException {
        Long value = null;
        for (Metrics.Sample s : cache) {
            String text = s.labels().get(label);
            String what = "/metrics vllm:cache_config_info " + label;
            if (text == null) {
                throw new EngineProbe.ProbeException(what + " is missing: the KV pool's size is unknown (not allocated "
                        + "yet?); nothing recorded");
            }
            long v = ServerText.whole(what, text, 1, max);
            if (value != null && v != value) {
                throw new EngineProbe.ProbeException("/metrics: engines report different KV pools (" + label + " " + value
                        + " and " + v + "): probe one engine at a time");
            }
            value = v;
        }
        return value;
    }

    private static long capacity(long blocks, long blockSize) throws EngineProbe.ProbeException {
        long cap;
        try {
            cap = Math.multiplyExact(blocks, blockSize);
        } catch (ArithmeticException e) {
            cap = Long.MAX_VALUE;
        }
        if (cap > MAX_CAPACITY) {
            throw new EngineProbe.ProbeException("/metrics vllm:cache_config_info: num_gpu_blocks " + blocks + " x block_size "
                    + blockSize + " is more than " + MAX_CAPACITY + " tokens (the sheet's bound): nothing recorded");
        }
        return cap;
    }

    /** The samples of a metric by engine: the labels but the model's name; the same engine twice is refused. */
    private static Map<String, Metrics.Sample> perEngine(List<Metrics.Sample> samples) throws EngineProbe.ProbeException {
        Map<String, Metrics.Sample> out = new LinkedHashMap<>();
        for (Metrics.Sample s : samples) {
            if (out.put(engine(s), s) != null) {
                throw new EngineProbe.ProbeException(name(s) + " appears twice: which one holds is "
                        + "unknown; nothing recorded");
            }
        }
        return out;
    }

    /** An engine's name: its labels other than model_name, as {@code engine=1}; "" for the only engine. */
    static String engine(Metrics.Sample s) {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(s.labels()).forEach((k, v) -> {
            if (!k.equals("model_name")) {
                b.append(b.length() == 0 ? "" : ",").append(k).append('=').append(v);
            }
        });
        return ServerText.escape(b.toString());
    }

    private static String name(Metrics.Sample s) {
        String e = engine(s);
        return "/metrics " + s.name() + (e.isEmpty() ? "" : "{" + e + "}");
    }

    /** KV usage (a fraction of the pool, 0 to 1) per engine, from the first of the names present. */
    private static Map<String, Double> usage(Metrics mx, String... names) throws EngineProbe.ProbeException {
        for (String n : names) {
            List<Metrics.Sample> ss = samples(mx, n);
            if (!ss.isEmpty()) {
                Map<String, Double> out = new TreeMap<>();
                for (Map.Entry<String, Metrics.Sample> e : perEngine(ss).entrySet()) {
                    out.put(e.getKey(), ServerText.within(name(e.getValue()), e.getValue().value(), 0, 1));
                }
                return out;
            }
        }
        return Map.of();
    }

    private static Double fullest(Map<String, Double> usage) {
        return usage.values().stream().max(Double::compare).orElse(null);
    }

    /** A count over engines (requests, preemptions): each finite and in [0, max]; null when absent. */
    private static Double total(Metrics mx, double max, String... names) throws EngineProbe.ProbeException {
        for (String n : names) {
            List<Metrics.Sample> ss = samples(mx, n);
            if (!ss.isEmpty()) {
                double sum = 0;
                for (Metrics.Sample s : perEngine(ss).values()) {
                    sum += ServerText.within(name(s), s.value(), 0, max);
                }
                return ServerText.within("/metrics " + n + " (all engines)", sum, 0, max);
            }
        }
        return null;
    }
}
