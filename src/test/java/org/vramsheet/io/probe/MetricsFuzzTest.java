package org.vramsheet.io.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, item 4: mutated /metrics pages (vLLM's and SGLang's names, one or two engines) through the parser and the
 * pool reading. Numbers become NaN, infinities, huge, negative, fractional or text; lines go missing, repeat, break or
 * gain another engine. No exception but a {@link EngineProbe.ProbeException} escapes, a refusal is one line, and no
 * token count, block count, usage or load is ever negative, NaN, infinite or out of the sheet's range.
 */
class MetricsFuzzTest {
    private static final List<String> HOSTILE = List.of("NaN", "+Inf", "-Inf", "Infinity", "-Infinity", "1e300", "-1e300",
            "1e18", "9223372036854775807", "9223372036854775808", "-5", "-0", "0", "2.5", "1e12", "0x1p4", "None", "",
            "1,5", "16 ", "\u001b[31m", "9".repeat(400), "1e-400", "1e400", "4e-320");
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?(e[-+]?[0-9]+)?");

    static String vllm(Random rnd, int engines) {
        StringBuilder b = new StringBuilder("# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig\n"
                + "# TYPE vllm:cache_config_info gauge\n");
        for (int e = 0; e < engines; e++) {
            String l = "{engine=\"" + e + "\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"}";
            b.append("vllm:cache_config_info{block_size=\"16\",cache_dtype=\"auto\",engine=\"").append(e)
                    .append("\",num_gpu_blocks=\"").append(1000 + rnd.nextInt(100_000)).append("\"} 1.0\n");
            b.append("vllm:num_requests_running").append(l).append(' ').append(rnd.nextInt(64)).append(".0\n");
            b.append("vllm:num_requests_waiting").append(l).append(' ').append(rnd.nextInt(8)).append(".0\n");
            b.append(rnd.nextBoolean() ? "vllm:kv_cache_usage_perc" : "vllm:gpu_cache_usage_perc").append(l).append(' ')
                    .append(rnd.nextDouble()).append('\n');
            b.append("vllm:num_preemptions_total").append(l).append(' ').append(rnd.nextInt(50)).append(".0\n");
            b.append("vllm:e2e_request_latency_seconds_bucket{le=\"+Inf\",model_name=\"m\"} 12.0\n");
        }
        return b.toString();
    }

    static String sglang(Random rnd, int engines) {
        StringBuilder b = new StringBuilder("# TYPE sglang:max_total_num_tokens gauge\n");
        long cap = 1000 + rnd.nextInt(1_000_000);
        for (int e = 0; e < engines; e++) {
            String l = "{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"" + (engines > 1 ? ",tp_rank=\"" + e + "\"" : "") + "}";
            b.append("sglang:max_total_num_tokens").append(l).append(' ').append(cap).append(".0\n");
            b.append("sglang:token_usage").append(l).append(' ').append(rnd.nextDouble()).append('\n');
            b.append("sglang:num_running_reqs").append(l).append(' ').append(rnd.nextInt(64)).append(".0\n");
            b.append("sglang:num_queue_reqs").append(l).append(' ').append(rnd.nextInt(8)).append(".0\n");
        }
        return b.toString();
    }

    /** A page of either engine, then 1 to 4 mutations (seeded: a failure names its case). */
    static String page(long seed) {
        Random rnd = new Random(seed);
        int engines = 1 + rnd.nextInt(2);
        List<String> lines = new ArrayList<>(List.of((rnd.nextBoolean() ? vllm(rnd, engines) : sglang(rnd, engines)).split("\n")));
        for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
            int at = rnd.nextInt(lines.size());
            String line = lines.get(at);
            switch (rnd.nextInt(8)) {
                case 0, 1, 2 -> lines.set(at, replaceANumber(line, HOSTILE.get(rnd.nextInt(HOSTILE.size())), rnd));
                case 3 -> lines.remove(at);
                case 4 -> lines.add(rnd.nextInt(lines.size() + 1), line);
                case 5 -> lines.add(line.replace("engine=\"0\"", "engine=\"" + (2 + rnd.nextInt(3)) + "\"")
                        .replace("tp_rank=\"0\"", "tp_rank=\"7\""));
                case 6 -> lines.set(at, line.substring(0, rnd.nextInt(line.length() + 1)));
                default -> lines.set(at, line.replace("\"", rnd.nextBoolean() ? "" : "\\\"").replace("}", "}}"));
            }
            if (lines.isEmpty()) {
                break;
            }
        }
        return String.join(rnd.nextInt(10) == 0 ? "\r\n" : "\n", lines) + "\n";
    }

    private static String replaceANumber(String line, String value, Random rnd) {
        Matcher m = NUMBER.matcher(line);
        List<int[]> spans = new ArrayList<>();
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        if (spans.isEmpty()) {
            return line + " " + value;
        }
        int[] s = spans.get(rnd.nextInt(spans.size()));
        return line.substring(0, s[0]) + value + line.substring(s[1]);
    }

    /** True when the page was read, false when it was refused; fails on anything else. */
    static boolean check(String page) {
        Metrics m = Metrics.parse(page);
        try {
            EngineProbe.Snapshot s = EngineProbe.fromMetrics(m, "m", null, null);
            if (s.engine() == null) {
                return true;
            }
            long cap = s.capacityTokens();
            assertTrue(cap >= 1 && cap <= EngineMetrics.MAX_CAPACITY, "capacity " + cap);
            if (s.numGpuBlocks() != null) {
                assertTrue(s.numGpuBlocks() >= 1 && s.blockSize() >= 1, s.toString());
                assertEquals(cap, s.numGpuBlocks() * s.blockSize(), "blocks x block size, exact");
            }
            fraction(s.kvUsage());
            s.kvUsageByEngine().values().forEach(MetricsFuzzTest::fraction);
            for (Double d : new Double[] {s.running(), s.waiting(), s.preemptions()}) {
                assertTrue(d == null || Double.isFinite(d) && d >= 0, s.toString());
            }
            return true;
        } catch (EngineProbe.ProbeException e) {
            String msg = e.getMessage();
            assertNotNull(msg);
            assertTrue(!msg.isBlank() && msg.length() <= 300 && msg.chars().noneMatch(Character::isISOControl), msg);
            assertTrue(msg.startsWith("/metrics"), "names the page and the metric: " + msg);
            return false;
        }
    }

    private static void fraction(Double u) {
        assertTrue(u == null || Double.isFinite(u) && u >= 0 && u <= 1, "usage " + u);
    }

    @Property(tries = 1500)
    void mutatedMetricsPages(@ForAll("seeds") long seed) {
        check(page(seed));
    }

    /** The mutations both keep pages readable and break them: the property above sees both outcomes. */
    @Test
    void theMutationsReachBothOutcomes() {
        int read = 0;
        int refused = 0;
        for (long seed = 0; seed < 1000; seed++) {
            if (check(page(seed))) {
                read++;
            } else {
                refused++;
            }
        }
        assertTrue(read > 100 && refused > 100, read + " read, " + refused + " refused");
    }

    /** Two engines' usage is kept apart, never summed. */
    @Test
    void twoEnginesUsageIsPerEngine() throws Exception {
        String page = vllm(new Random(1), 2).replaceAll("(vllm:(kv|gpu)_cache_usage_perc\\{engine=\"0\"[^}]*\\}) [0-9.E-]+", "$1 0.7")
                .replaceAll("(vllm:(kv|gpu)_cache_usage_perc\\{engine=\"1\"[^}]*\\}) [0-9.E-]+", "$1 0.5")
                .replaceAll("num_gpu_blocks=\"[0-9]+\"", "num_gpu_blocks=\"100\"").replace("vllm:gpu_cache", "vllm:kv_cache");
        var s = EngineProbe.fromMetrics(Metrics.parse(page), "m", null, null);
        assertEquals(0.7, s.kvUsage(), 1e-12);
        assertEquals(Map.of("engine=0", 0.7, "engine=1", 0.5), s.kvUsageByEngine());
    }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }
}
