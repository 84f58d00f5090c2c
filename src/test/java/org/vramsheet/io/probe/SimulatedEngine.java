package org.vramsheet.io.probe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A vLLM-like engine on loopback for the tests: /v1/models, /version, /tokenize (one token per word), /metrics in the
 * Prometheus text format with vLLM's metric names, and /v1/completions over a paged KV pool of {@code blocks} blocks.
 * A request is admitted while its prompt's blocks are free, grows one token per generated token, and when the pool runs
 * out it is preempted (the counter rises, its blocks are freed, it waits and starts again), as vLLM's recompute does.
 */
public final class SimulatedEngine implements AutoCloseable {
    final int blocks;
    final int blockSize;
    final HttpServer server;
    private int free;
    private int running;
    private int waiting;
    private long preemptions;
    public final AtomicInteger completions = new AtomicInteger();
    volatile String requiredKey;
    volatile long stallMillis;
    volatile boolean malformedMetrics;
    volatile boolean dropConnections;
    volatile String redirectTo;
    volatile String lastAuthorization;
    /** Injected delays of a streamed completion: request received to first token, then between tokens (0: 2 ms). */
    public volatile long ttftMillis;
    public volatile long itlMillis;
    /** Whether the last event of a stream carries usage.completion_tokens (as vLLM does with include_usage). */
    public volatile boolean sendUsage = true;

    public SimulatedEngine(int blocks, int blockSize) throws IOException {
        this.blocks = blocks;
        this.blockSize = blockSize;
        this.free = blocks;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            lastAuthorization = ex.getRequestHeaders().getFirst("Authorization");
            if (dropConnections) {
                ex.getResponseBody().close(); // closes without a status line
                return;
            }
            if (redirectTo != null) {
                ex.getResponseHeaders().add("Location", redirectTo + ex.getRequestURI().getPath());
                ex.sendResponseHeaders(302, -1);
                return;
            }
            if (requiredKey != null && !("Bearer " + requiredKey).equals(lastAuthorization)) {
                reply(ex, 401, "{\"error\":\"unauthorised\"}");
                return;
            }
            String path = ex.getRequestURI().getPath();
            switch (path) {
                case "/v1/models" -> reply(ex, 200, "{\"object\":\"list\",\"data\":[{\"id\":\"meta-llama/Llama-3.1-8B-Instruct\","
                        + "\"object\":\"model\",\"max_model_len\":8192}]}");
                case "/version" -> reply(ex, 200, "{\"version\":\"0.19.0\"}");
                case "/metrics" -> {
                    if (stallMillis > 0) {
                        sleep(stallMillis);
                    }
                    reply(ex, 200, metrics());
                }
                case "/tokenize" -> {
                    String prompt = WorksheetJson.shared().readTree(ex.getRequestBody()).path("prompt").asText("");
                    reply(ex, 200, "{\"count\":" + words(prompt) + "}");
                }
                case "/v1/completions" -> {
                    var body = WorksheetJson.shared().readTree(ex.getRequestBody());
                    int prompt = words(body.path("prompt").asText(""));
                    int tokens = body.path("max_tokens").asInt(1);
                    if (body.path("stream").asBoolean(false)) {
                        stream(ex, prompt, tokens);
                        return;
                    }
                    complete(prompt, tokens, t -> { });
                    completions.incrementAndGet();
                    reply(ex, 200, "{\"choices\":[{\"text\":\"x\"}],\"usage\":{\"prompt_tokens\":" + prompt + "}}");
                }
                default -> reply(ex, 404, "{}");
            }
        }
    }

    /** A streamed completion: one server-sent event per token as it is generated, usage last, then [DONE]. */
    private void stream(HttpExchange ex, int prompt, int tokens) throws IOException {
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        var out = ex.getResponseBody();
        java.util.function.IntConsumer emit = t -> {
            try {
                out.write(("data: {\"choices\":[{\"index\":0,\"text\":\" w\"}]}\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        try {
            complete(prompt, tokens, emit);
            completions.incrementAndGet();
            String usage = sendUsage ? "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":" + prompt
                    + ",\"completion_tokens\":" + tokens + "}}\n\n" : "";
            out.write((usage + "data: [DONE]\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (java.io.UncheckedIOException e) {
            // the client went away
        }
    }

    private static int words(String s) { return s.isBlank() ? 0 : s.trim().split("\\s+").length; }

    private synchronized String metrics() {
        String m = "# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig\n"
                + "# TYPE vllm:cache_config_info gauge\n"
                + "vllm:cache_config_info{block_size=\"" + blockSize + "\",cache_dtype=\"auto\",enable_prefix_caching=\"False\","
                + "gpu_memory_utilization=\"0.9\",num_cpu_blocks=\"None\",num_gpu_blocks=\"" + blocks + "\"} 1.0\n"
                + "# TYPE vllm:num_requests_running gauge\n"
                + "vllm:num_requests_running{engine=\"0\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} " + running + ".0\n"
                + "vllm:num_requests_waiting{engine=\"0\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} " + waiting + ".0\n"
                + "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} "
                + ((blocks - free) / (double) blocks) + "\n"
                + "# TYPE vllm:num_preemptions_total counter\n"
                + "vllm:num_preemptions_total{engine=\"0\",model_name=\"meta-llama/Llama-3.1-8B-Instruct\"} " + preemptions + ".0\n";
        return malformedMetrics ? "garbage line without value\nvllm:broken{a=\"1\" 3\n" + m + "{no_name} 4\n" : m;
    }

    /** One sequence: admitted when its prompt's blocks are free, grown token by token, preempted when the pool is out. */
    private void complete(int prompt, int generate, java.util.function.IntConsumer emit) {
        int emitted = 0;
        long begun = System.nanoTime();
        while (true) {
            int held;
            synchronized (this) {
                int need = Math.max(1, ceil(prompt));
                waiting++;
                while (free < need) {
                    waitQuietly();
                }
                waiting--;
                free -= need;
                held = need;
                running++;
            }
            boolean preempted = false;
            begun = System.nanoTime();
            for (int t = 1; t <= generate && !preempted; t++) {
                if (ttftMillis > 0 || itlMillis > 0) {
                    // paced on the request's clock, so that a late wake-up is not added to every later token
                    untilNanos(begun + (ttftMillis + (t - 1) * itlMillis) * 1_000_000L);
                } else {
                    sleep(2);
                }
                synchronized (this) {
                    if (ceil(prompt + t) > held) {
                        if (free > 0) {
                            free--;
                            held++;
                        } else {
                            preemptions++;
                            free += held;
                            running--;
                            notifyAll();
                            preempted = true;
                        }
                    }
                }
                if (!preempted && t > emitted) {
                    emit.accept(t);
                    emitted = t;
                }
            }
            if (!preempted) {
                synchronized (this) {
                    free += held;
                    running--;
                    notifyAll();
                }
                return;
            }
        }
    }

    private int ceil(int tokens) { return (tokens + blockSize - 1) / blockSize; }

    private void waitQuietly() {
        try {
            wait(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void untilNanos(long at) {
        for (long left; (left = at - System.nanoTime()) > 0; ) {
            try {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void reply(HttpExchange ex, int code, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", code == 200 && body.startsWith("{") ? "application/json" : "text/plain");
        ex.sendResponseHeaders(code, b.length);
        ex.getResponseBody().write(b);
    }

    @Override
    public void close() { server.stop(0); }
}
