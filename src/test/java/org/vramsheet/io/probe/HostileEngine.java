package org.vramsheet.io.probe;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An engine on loopback that misbehaves on request (tests only): a /metrics page of the test's choosing, sent whole,
 * one byte a second or without end; completions answered, or never; a model ID of the test's choosing; and, when a
 * key is required, every Authorization header it was sent.
 */
public final class HostileEngine implements AutoCloseable {
    /** How /metrics is sent. */
    public enum Body { WHOLE, ONE_BYTE_A_SECOND, ENDLESS }

    /** How a streamed completion is sent: an answer as one JSON body, or an event stream that misbehaves. */
    public enum Stream { JSON, ENDLESS, HUGE_EVENT, NO_TOKENS, ONE_BYTE_A_SECOND }

    /** A vLLM page: 100 blocks of 16 tokens, one engine 25 % full, no preemption. */
    public static final String VLLM = """
            # TYPE vllm:cache_config_info gauge
            vllm:cache_config_info{block_size="16",cache_dtype="auto",num_gpu_blocks="100"} 1.0
            vllm:num_requests_running{engine="0",model_name="m"} 0.0
            vllm:num_requests_waiting{engine="0",model_name="m"} 0.0
            vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.25
            vllm:num_preemptions_total{engine="0",model_name="m"} 0.0
            """;

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool();
    public volatile String metrics = VLLM;
    public volatile Body body = Body.WHOLE;
    public volatile boolean answerCompletions = true;
    public volatile Stream stream = Stream.JSON;
    public volatile String modelId = "meta-llama/Llama-3.1-8B-Instruct";
    /** The exact key a request must carry ("Bearer KEY"), or null for none. */
    public volatile String requiredKey;
    /** Where every request is redirected, or null. */
    public volatile String redirectTo;
    public final AtomicInteger completions = new AtomicInteger();
    public final AtomicInteger requests = new AtomicInteger();
    public final List<String> authorizations = new CopyOnWriteArrayList<>();

    public HostileEngine() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            requests.incrementAndGet();
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            if (auth != null) {
                authorizations.add(auth);
            }
            ex.getRequestBody().readAllBytes();
            if (redirectTo != null) {
                ex.getResponseHeaders().add("Location", redirectTo);
                ex.sendResponseHeaders(302, -1);
                return;
            }
            if (requiredKey != null && !("Bearer " + requiredKey).equals(auth)) {
                reply(ex, 401, "{\"error\":\"unauthorised: " + auth + "\"}");
                return;
            }
            switch (ex.getRequestURI().getPath()) {
                case "/v1/models" -> reply(ex, 200, "{\"data\":[{\"id\":" + quoted(modelId) + ",\"max_model_len\":8192}]}");
                case "/version" -> reply(ex, 200, "{\"version\":\"0.19.0\"}");
                case "/metrics" -> metrics(ex);
                case "/tokenize" -> reply(ex, 200, "{\"count\":200}");
                case "/v1/completions" -> complete(ex);
                default -> reply(ex, 404, "{}");
            }
        }
    }

    private void complete(HttpExchange ex) throws IOException {
        if (!answerCompletions) {
            sleep(600_000); // until the client gives up and the server stops
            return;
        }
        completions.incrementAndGet();
        if (stream == Stream.JSON) {
            reply(ex, 200, "{\"choices\":[{\"text\":\"x\"}],\"usage\":{\"prompt_tokens\":200}}");
            return;
        }
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        byte[] token = "data: {\"choices\":[{\"text\":\" w\"}]}\n\n".getBytes(StandardCharsets.UTF_8);
        try (OutputStream o = ex.getResponseBody()) {
            switch (stream) {
                case ENDLESS -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        o.write(token);
                    }
                }
                case HUGE_EVENT -> {
                    o.write("data: {\"choices\":[{\"text\":\"".getBytes(StandardCharsets.UTF_8));
                    byte[] x = new byte[64 * 1024];
                    Arrays.fill(x, (byte) 'x');
                    while (!Thread.currentThread().isInterrupted()) {
                        o.write(x);
                    }
                }
                case NO_TOKENS -> o.write(("data: {\"choices\":[{\"text\":\"\"}]}\n\n: keep-alive\n\ndata: [DONE]\n\n")
                        .getBytes(StandardCharsets.UTF_8));
                default -> {
                    for (int i = 0; !Thread.currentThread().isInterrupted(); i = (i + 1) % token.length) {
                        o.write(token[i]);
                        o.flush();
                        sleep(1000);
                    }
                }
            }
        } catch (IOException e) {
            // the client stopped reading, as it should
        }
    }

    private void metrics(HttpExchange ex) throws IOException {
        byte[] page = metrics.getBytes(StandardCharsets.UTF_8);
        if (body == Body.WHOLE) {
            reply(ex, 200, metrics);
            return;
        }
        ex.sendResponseHeaders(200, 0);
        try (OutputStream o = ex.getResponseBody()) {
            if (body == Body.ONE_BYTE_A_SECOND) {
                for (int i = 0; !Thread.currentThread().isInterrupted(); i = (i + 1) % page.length) {
                    o.write(page[i]);
                    o.flush();
                    sleep(1000);
                }
                return;
            }
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) '#');
            chunk[chunk.length - 1] = '\n';
            o.write(page);
            while (!Thread.currentThread().isInterrupted()) {
                o.write(chunk);
            }
        } catch (IOException e) {
            // the client stopped reading, as it should
        }
    }

    private static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 || c == '"' || c == '\\' ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.append('"').toString();
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
        ex.sendResponseHeaders(code, b.length);
        ex.getResponseBody().write(b);
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
