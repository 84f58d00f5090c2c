package org.vramsheet.io.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.vramsheet.io.Messages;
import org.vramsheet.io.Secret;
import org.vramsheet.io.json.WorksheetJson;

/**
 * One running OpenAI-compatible engine (vLLM, SGLang; others best-effort), at one origin: its model, version and KV
 * pool from {@code /v1/models}, {@code /version} and {@code /metrics}, and completions of a given length. Redirects are
 * never followed, so the API key (from the environment, never saved or logged) goes to this origin only. Every answer
 * has a total deadline (headers and body: the timeout, and never past the run's deadline) and a size cap
 * ({@link #MAX_BODY}); no exception text of the HTTP client reaches a message (it can quote the Authorization header).
 */
public final class EngineProbe {
    /** The most one answer may carry: a real /metrics page is tens of KiB. */
    public static final int MAX_BODY = 8 << 20;
    /** Closes bodies that outlive their deadline (a server that trickles or never ends). */
    static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "probe-deadline");
        t.setDaemon(true);
        return t;
    });

    /**
     * What the server says about itself and its KV pool now; null where it does not say. Text from the server is
     * escaped (no control character) and cut short; {@code kvUsage} is the fullest engine's, {@code kvUsageByEngine}
     * each engine's (labels other than the model's name, "" for a single engine), never a sum.
     */
    public record Snapshot(String engine, String engineVersion, String modelId, Long maxModelLen, Long numGpuBlocks,
                           Integer blockSize, Long capacityTokens, Double kvUsage, Double running, Double waiting,
                           Double preemptions, String cacheDtype, Map<String, Double> kvUsageByEngine) {
        public Snapshot {
            kvUsageByEngine = Collections.unmodifiableMap(kvUsageByEngine == null ? new TreeMap<>() : new TreeMap<>(kvUsageByEngine));
        }
    }

    /** A one-line reason the server could not be measured (unreachable, not an engine, unauthorised, timed out). */
    public static class ProbeException extends Exception {
        private static final long serialVersionUID = 1L;

        public ProbeException(String message) { super(Messages.oneLine(message), null, false, false); }
    }

    /** The run's deadline (--max-seconds) passed while waiting for an answer. */
    public static final class OutOfTime extends ProbeException {
        private static final long serialVersionUID = 1L;

        OutOfTime(String message) { super(message); }
    }

    private final URI base;
    private final Secret apiKey;
    private final Duration timeout;
    private final long runDeadline;
    private final long runSeconds;
    private final HttpClient http;

    /** A probe whose requests each take at most {@code timeout}, with no deadline for the run. */
    public EngineProbe(URI base, String apiKey, Duration timeout) {
        this(base, Secret.of("the API key", apiKey), timeout, null);
    }

    /** A probe whose requests each take at most {@code timeout} and all end within {@code run} (null: no deadline). */
    public EngineProbe(URI base, Secret apiKey, Duration timeout, Duration run) {
        this(base, apiKey, timeout, run, HttpClient.newBuilder().connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build());
    }

    /** With this HTTP client (tests: a client that never answers, as one does after an out-of-memory error). */
    EngineProbe(URI base, Secret apiKey, Duration timeout, Duration run, HttpClient http) {
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b : b + "/");
        this.apiKey = apiKey;
        this.timeout = timeout;
        // at most 2^32 s (136 years): a typed limit of any size cannot overflow the clock
        this.runSeconds = run == null ? -1 : Math.min(Math.max(0, run.getSeconds()), 1L << 32);
        this.runDeadline = run == null ? 0 : System.nanoTime() + runSeconds * 1_000_000_000L;
        this.http = http;
    }

    public URI base() { return base; }

    /** When the run must end, as {@link System#nanoTime}, at most {@code maxSeconds} from now. */
    long runDeadline(long maxSeconds) {
        long own = System.nanoTime() + Math.min(Math.max(0, maxSeconds), 1L << 32) * 1_000_000_000L;
        return runSeconds < 0 || own - runDeadline < 0 ? own : runDeadline;
    }

    /** The body of a GET, or null on 404; a clear reason for anything else that is not a 200. */
    String get(String path) throws ProbeException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET(), path);
    }

    String post(String path, JsonNode body) throws ProbeException {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())), path);
    }

    /** The request's deadline: the timeout from now, or the run's deadline when that comes first. */
    long deadline() {
        long own = System.nanoTime() + timeout.toNanos();
        return runSeconds >= 0 && runDeadline - own < 0 ? runDeadline : own;
    }

    /** How long an answer may stay silent (headers, and between two events of a stream). */
    Duration timeout() { return timeout; }

    /** When a stream must end: the run's deadline, or without one ten minutes (at least the timeout) from now. */
    long streamDeadline() {
        return runSeconds >= 0 ? runDeadline : System.nanoTime() + Math.max(timeout.toNanos(), 600_000_000_000L);
    }

    private boolean byRun(long end) { return runSeconds >= 0 && end == runDeadline; }

    ProbeException timedOut(String path, long end) {
        return byRun(end) ? new OutOfTime(base + path + ": the time limit (" + runSeconds + " s) ran out before the answer was "
                + "complete")
                : new ProbeException(base + path + ": timed out after " + timeout.toSeconds() + " s");
    }

    private String send(HttpRequest.Builder b, String path) throws ProbeException {
        long end = deadline();
        HttpResponse<InputStream> resp = open(b, path, end);
        return resp == null ? null : body(resp.body(), path, end);
    }

    /** The answer's headers (a 200) within {@code end}, its body still to read; null on 404, a reason for the rest. */
    HttpResponse<InputStream> open(HttpRequest.Builder b, String path, long end) throws ProbeException {
        if (apiKey.problem() != null) {
            throw new ProbeException(apiKey.problem());
        }
        long left = end - System.nanoTime();
        if (left <= 0) {
            throw timedOut(path, end);
        }
        CompletableFuture<HttpResponse<InputStream>> f;
        try {
            if (apiKey.present()) {
                b.header("Authorization", "Bearer " + apiKey.value());
            }
            f = http.sendAsync(b.timeout(Duration.ofNanos(left)).build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (RuntimeException e) {
            // the JDK's header check quotes the header in its message: never passed on
            throw new ProbeException(base + path + ": the request could not be sent (" + e.getClass().getSimpleName() + ")");
        }
        HttpResponse<InputStream> resp = await(f, path, end);
        int code = resp.statusCode();
        if (code != 200) {
            quietClose(resp.body());
            refused(resp, code, path);
            return null;
        }
        return resp;
    }

    /** The response's headers within the deadline, whatever the HTTP client's own threads do. */
    private HttpResponse<InputStream> await(CompletableFuture<HttpResponse<InputStream>> f, String path, long end)
            throws ProbeException {
        try {
            return f.get(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            throw timedOut(path, end);
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new ProbeException(base + path + ": cancelled");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof HttpTimeoutException) {
                throw timedOut(path, end);
            }
            throw new ProbeException(base + path + (c instanceof IOException ? ": unreachable (" : ": the HTTP client failed (")
                    + (c == null ? "?" : c.getClass().getSimpleName()) + ")");
        }
    }

    /** Null on 404; a reason for every other answer that is not 200. */
    private String refused(HttpResponse<InputStream> resp, int code, String path) throws ProbeException {
        if (code == 404) {
            return null;
        }
        if (code == 401 || code == 403) {
            throw new ProbeException(base + path + ": unauthorised (HTTP " + code + "); set the API key in "
                    + (apiKey.source().startsWith("the ") ? "the API key field" : apiKey.source()));
        }
        if (code >= 300 && code < 400) {
            String to = said(resp.headers().firstValue("location").orElse("?"));
            throw new ProbeException(base + path + ": redirected (HTTP " + code + ") to " + to + "; not followed (the API key "
                    + "stays with this origin): give that URL instead");
        }
        throw new ProbeException(base + path + ": HTTP " + code);
    }

    /** The body, read within the deadline and at most {@link #MAX_BODY} bytes. */
    String body(InputStream in, String path, long end) throws ProbeException {
        var guard = WATCHDOG.schedule(() -> quietClose(in), Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        try (in) {
            byte[] b = in.readNBytes(MAX_BODY + 1);
            if (b.length > MAX_BODY) {
                throw new ProbeException(base + path + ": the answer is larger than " + (MAX_BODY >> 20) + " MiB: refused");
            }
            if (System.nanoTime() - end > 0) {
                throw timedOut(path, end);
            }
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            if (System.nanoTime() - end >= 0) {
                throw timedOut(path, end);
            }
            throw new ProbeException(base + path + ": the answer broke off (" + e.getClass().getSimpleName() + ")");
        } finally {
            guard.cancel(false);
        }
    }

    static void quietClose(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // closing to stop a read: nothing more to do
        }
    }

    /** Text from the server as it may be shown or saved: the key masked, control characters escaped, at most 200 characters. */
    String said(String text) {
        return text == null ? null : ServerText.escape(apiKey.mask(text));
    }

    /** Model, version and the KV pool now; a one-line refusal for any number out of range. */
    public Snapshot snapshot() throws ProbeException {
        String models = get("v1/models");
        if (models == null) {
            throw new ProbeException(base + ": not an OpenAI-compatible engine (no /v1/models)");
        }
        JsonNode m = json(models, "v1/models").path("data").path(0);
        String modelId = said(m.path("id").asText(null));
        Long maxLen = null;
        if (!m.path("max_model_len").isMissingNode() && !m.path("max_model_len").isNull()) {
            maxLen = ServerText.whole("/v1/models max_model_len", m.path("max_model_len").asText(), 1, 100_000_000L);
        }
        String version = null;
        String v = get("version");
        if (v != null) {
            try {
                version = said(WorksheetJson.shared().readTree(v).path("version").asText(null));
            } catch (IOException e) {
                version = null;
            }
        }
        String text = get("metrics");
        return fromMetrics(Metrics.parse(text == null ? "" : text), modelId, maxLen, version);
    }

    private JsonNode json(String text, String path) throws ProbeException {
        try {
            JsonNode n = WorksheetJson.shared().readTree(text);
            if (n == null) {
                throw new ProbeException(base + path + ": empty answer");
            }
            return n;
        } catch (IOException e) {
            throw new ProbeException(base + path + ": not JSON");
        }
    }

    /** The snapshot /metrics gives, every number range-checked (a one-line refusal naming the metric). */
    static Snapshot fromMetrics(Metrics mx, String modelId, Long maxLen, String version) throws ProbeException {
        return EngineMetrics.snapshot(mx, modelId, maxLen, version);
    }

    /** Tokens in a text by the server's tokenizer ({@code /tokenize}), or -1 when it has none. */
    public long tokens(String model, String text) throws ProbeException {
        ObjectNode body = WorksheetJson.shared().createObjectNode().put("model", model).put("prompt", text);
        String r = post("tokenize", body);
        if (r == null) {
            return -1;
        }
        JsonNode n;
        try {
            n = WorksheetJson.shared().readTree(r);
        } catch (IOException e) {
            return -1;
        }
        if (n == null || !n.has("count") && !n.path("tokens").isArray()) {
            return -1;
        }
        return n.has("count") ? ServerText.whole("/tokenize count", n.get("count").asText(), 0, text.length() + 16L)
                : n.path("tokens").size();
    }

    /**
     * One completion of {@code maxTokens} tokens (end of sequence ignored where the server supports it); its prompt
     * tokens, or -1 when the server does not say.
     */
    public long complete(String model, String prompt, int maxTokens) throws ProbeException {
        ObjectNode body = WorksheetJson.shared().createObjectNode().put("model", model).put("prompt", prompt)
                .put("max_tokens", maxTokens).put("min_tokens", maxTokens).put("ignore_eos", true).put("temperature", 0);
        String r = post("v1/completions", body);
        if (r == null) {
            throw new ProbeException(base + "v1/completions: not found (not an OpenAI-compatible engine)");
        }
        JsonNode n = json(r, "v1/completions");
        if (!n.path("choices").isArray() || n.path("choices").isEmpty()) {
            throw new ProbeException(base + "v1/completions: the answer holds no completion (no choices)");
        }
        JsonNode p = n.path("usage").path("prompt_tokens");
        return p.isMissingNode() || p.isNull() ? -1 : ServerText.whole("/v1/completions usage.prompt_tokens", p.asText(), 0,
                prompt.length() + 16L);
    }
}
