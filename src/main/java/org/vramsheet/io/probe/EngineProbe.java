package org.vramsheet.io.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.WorksheetJson;

/**
 * One running OpenAI-compatible engine (vLLM, SGLang; others best-effort), at one origin: its model, version and KV
 * pool from {@code /v1/models}, {@code /version} and {@code /metrics}, and completions of a given length. Redirects are
 * never followed, so the API key (from the environment, never saved or logged) goes to this origin only.
 */
public final class EngineProbe {
    /** What the server says about itself and its KV pool now; null where it does not say. */
    public record Snapshot(String engine, String engineVersion, String modelId, Long maxModelLen, Long numGpuBlocks,
                           Integer blockSize, Long capacityTokens, Double kvUsage, Double running, Double waiting,
                           Double preemptions, String cacheDtype) { }

    /** A one-line reason the server could not be measured (unreachable, not an engine, unauthorised, timed out). */
    public static final class ProbeException extends Exception {
        private static final long serialVersionUID = 1L;

        public ProbeException(String message) { super(Messages.oneLine(message)); }
    }

    private final URI base;
    private final String apiKey;
    private final Duration timeout;
    private final HttpClient http;

    public EngineProbe(URI base, String apiKey, Duration timeout) {
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b : b + "/");
        this.apiKey = apiKey;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    public URI base() { return base; }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout);
        if (apiKey != null && !apiKey.isBlank()) {
            b.header("Authorization", "Bearer " + apiKey);
        }
        return b;
    }

    /** The body of a GET, or null on 404; a clear reason for anything else that is not a 200. */
    String get(String path) throws ProbeException {
        return send(request(path).GET().build(), path);
    }

    String post(String path, JsonNode body) throws ProbeException {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), path);
    }

    private String send(HttpRequest r, String path) throws ProbeException {
        HttpResponse<String> resp;
        try {
            resp = http.send(r, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new ProbeException(base + path + ": timed out after " + timeout.toSeconds() + " s");
        } catch (IOException e) {
            throw new ProbeException(base + path + ": unreachable (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProbeException(base + path + ": cancelled");
        }
        int code = resp.statusCode();
        if (code == 401 || code == 403) {
            throw new ProbeException(base + path + ": unauthorised (HTTP " + code + "); set the API key in VRAMSHEET_API_KEY");
        }
        if (code >= 300 && code < 400) {
            throw new ProbeException(base + path + ": redirected (HTTP " + code + ") to " + resp.headers().firstValue("location")
                    .orElse("?") + "; not followed (the API key stays with this origin): give that URL instead");
        }
        if (code == 404) {
            return null;
        }
        if (code != 200) {
            throw new ProbeException(base + path + ": HTTP " + code);
        }
        return resp.body();
    }

    /** Model, version and the KV pool now. */
    public Snapshot snapshot() throws ProbeException {
        String models = get("v1/models");
        if (models == null) {
            throw new ProbeException(base + ": not an OpenAI-compatible engine (no /v1/models)");
        }
        JsonNode m;
        try {
            m = WorksheetJson.shared().readTree(models).path("data").path(0);
        } catch (IOException e) {
            throw new ProbeException(base + "v1/models: not JSON (" + e.getMessage() + ")");
        }
        String modelId = m.path("id").asText(null);
        Long maxLen = m.path("max_model_len").canConvertToLong() ? m.path("max_model_len").asLong() : null;
        String version = null;
        String v = get("version");
        if (v != null) {
            try {
                version = WorksheetJson.shared().readTree(v).path("version").asText(null);
            } catch (IOException e) {
                version = null;
            }
        }
        String text = get("metrics");
        Metrics mx = Metrics.parse(text == null ? "" : text);
        return fromMetrics(mx, modelId, maxLen, version);
    }

    static Snapshot fromMetrics(Metrics mx, String modelId, Long maxLen, String version) {
        Metrics.Sample cache = mx.first("vllm:cache_config_info");
        if (cache != null) {
            Long blocks = longLabel(cache, "num_gpu_blocks");
            Integer bs = longLabel(cache, "block_size") == null ? null : Math.toIntExact(longLabel(cache, "block_size"));
            Long cap = blocks != null && bs != null ? blocks * bs : null;
            Double usage = mx.sum("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc");
            return new Snapshot("vLLM", version, modelId, maxLen, blocks, bs, cap, usage, mx.sum("vllm:num_requests_running"),
                    mx.sum("vllm:num_requests_waiting"), mx.sum("vllm:num_preemptions_total", "vllm:num_preemptions"),
                    cache.labels().get("cache_dtype"));
        }
        Double sgCap = mx.sum("sglang:max_total_num_tokens");
        if (sgCap != null) {
            return new Snapshot("SGLang", version, modelId, maxLen, null, null, Math.round(sgCap), mx.sum("sglang:token_usage"),
                    mx.sum("sglang:num_running_reqs"), mx.sum("sglang:num_queue_reqs"), null, null);
        }
        return new Snapshot(null, version, modelId, maxLen, null, null, null, null, null, null, null, null);
    }

    private static Long longLabel(Metrics.Sample s, String key) {
        String v = s.labels().get(key);
        if (v == null) {
            return null;
        }
        try {
            return Math.round(Double.parseDouble(v));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Tokens in a text by the server's tokenizer ({@code /tokenize}), or -1 when it has none. */
    public long tokens(String model, String text) throws ProbeException {
        ObjectNode body = WorksheetJson.shared().createObjectNode().put("model", model).put("prompt", text);
        String r = post("tokenize", body);
        if (r == null) {
            return -1;
        }
        try {
            JsonNode n = WorksheetJson.shared().readTree(r);
            return n.has("count") ? n.get("count").asLong() : n.path("tokens").size();
        } catch (IOException e) {
            return -1;
        }
    }

    /** One completion of {@code maxTokens} tokens (end of sequence ignored where the server supports it); its prompt tokens. */
    public long complete(String model, String prompt, int maxTokens) throws ProbeException {
        ObjectNode body = WorksheetJson.shared().createObjectNode().put("model", model).put("prompt", prompt)
                .put("max_tokens", maxTokens).put("min_tokens", maxTokens).put("ignore_eos", true).put("temperature", 0);
        String r = post("v1/completions", body);
        if (r == null) {
            throw new ProbeException(base + "v1/completions: not found (not an OpenAI-compatible engine)");
        }
        try {
            return WorksheetJson.shared().readTree(r).path("usage").path("prompt_tokens").asLong(-1);
        } catch (IOException e) {
            throw new ProbeException(base + "v1/completions: not JSON");
        }
    }
}
