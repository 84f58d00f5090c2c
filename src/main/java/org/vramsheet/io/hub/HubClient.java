package org.vramsheet.io.hub;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.Safetensors;

/**
 * Reads a model from the Hugging Face Hub over its HTTP API without downloading weights: the commit
 * a revision resolves to, config.json, the safetensors index and every shard's header (by Range
 * request). Token from HF_TOKEN or the caller, endpoint from HF_ENDPOINT; the token is only ever sent
 * in the Authorization header, never logged, never in a message or a saved file.
 */
public final class HubClient {
    public static final String DEFAULT_ENDPOINT = "https://huggingface.co";
    private static final int MAX_SHARDS = 400;
    private final String endpoint;
    private final String token;
    private final Duration timeout;
    private final HttpClient http;

    /** What the Hub gave. */
    public record Fetched(String modelId, String commit, String configJson, Long indexTotalSize,
                          Map<String, Long> dtypeBytes, List<String> files) { }

    public HubClient(String endpoint, String token, Duration timeout) {
        this.endpoint = (endpoint == null || endpoint.isBlank() ? DEFAULT_ENDPOINT : endpoint).replaceAll("/+$", "");
        this.token = token == null || token.isBlank() ? null : token.trim();
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** HF_ENDPOINT and HF_TOKEN from the environment; a token typed in the window wins. */
    public static HubClient fromEnvironment(Map<String, String> env, String typedToken, Duration timeout) {
        String token = typedToken != null && !typedToken.isBlank() ? typedToken : env.get("HF_TOKEN");
        return new HubClient(env.get("HF_ENDPOINT"), token, timeout);
    }

    public String endpoint() { return endpoint; }

    @Override
    public String toString() { return "HubClient[" + endpoint + (token != null ? ", token set" : "") + "]"; }

    /**
     * Fetches a model. {@code progress} gets (step, steps); {@code cancelled} is checked between and
     * during requests.
     */
    public Fetched fetch(String modelId, String revision, BiConsumer<Integer, Integer> progress, AtomicBoolean cancelled)
            throws HubException {
        String rev = revision == null || revision.isBlank() ? "main" : revision.trim();
        String id = modelId.trim();
        if (!id.matches("[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9._-]+)?")) {
            throw new HubException(HubException.Kind.NOT_FOUND, "'" + id + "' is not a Hub model ID (org/name)");
        }
        progress.accept(0, 3);
        JsonNode info = json(get("/api/models/" + id + "/revision/" + enc(rev), null, cancelled, id, rev), id);
        String sha = info.path("sha").asText(rev);
        List<String> files = new ArrayList<>();
        info.path("siblings").forEach(s -> files.add(s.path("rfilename").asText()));
        progress.accept(1, 3);
        String config = new String(get("/" + id + "/resolve/" + sha + "/config.json", null, cancelled, id, rev),
                StandardCharsets.UTF_8);
        progress.accept(2, 3);
        Long total = null;
        List<String> shards = new ArrayList<>();
        if (files.contains("model.safetensors.index.json")) {
            JsonNode index = json(get("/" + id + "/resolve/" + sha + "/model.safetensors.index.json", null, cancelled, id,
                    rev), id);
            total = Safetensors.indexTotalSize(index);
            shards.addAll(Safetensors.shards(index));
        } else {
            files.stream().filter(f -> f.endsWith(".safetensors")).forEach(shards::add);
        }
        Map<String, Long> dtypes = new TreeMap<>();
        int steps = 3 + Math.min(shards.size(), MAX_SHARDS);
        for (int i = 0; i < shards.size() && i < MAX_SHARDS; i++) {
            String path = "/" + id + "/resolve/" + sha + "/" + shards.get(i);
            try {
                long n = Safetensors.headerLength(get(path, "bytes=0-7", cancelled, id, rev));
                Safetensors.addAll(dtypes, Safetensors.dtypeBytes(get(path, "bytes=8-" + (8 + n - 1), cancelled, id, rev)));
            } catch (IOException e) {
                throw new HubException(HubException.Kind.BAD_RESPONSE, shards.get(i) + ": " + e.getMessage());
            }
            progress.accept(3 + i + 1, steps);
        }
        return new Fetched(id, sha, config, total, dtypes, files);
    }

    private static String enc(String s) { return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"); }

    private static JsonNode json(byte[] body, String id) throws HubException {
        try {
            return WorksheetJson.shared().readTree(body);
        } catch (IOException e) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub sent JSON that does not parse "
                    + "(truncated?)");
        }
    }

    private byte[] get(String path, String range, AtomicBoolean cancelled, String id, String rev) throws HubException {
        if (cancelled.get()) {
            throw new HubException(HubException.Kind.CANCELLED, "cancelled");
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint + path)).timeout(timeout)
                .header("User-Agent", "vramsheet").GET();
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (range != null) {
            b.header("Range", range);
        }
        CompletableFuture<HttpResponse<byte[]>> f = http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> r;
        try {
            while (true) {
                try {
                    r = f.get(100, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException e) {
                    if (cancelled.get()) {
                        f.cancel(true);
                        throw new HubException(HubException.Kind.CANCELLED, "cancelled");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw new HubException(HubException.Kind.CANCELLED, "cancelled");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof HttpTimeoutException) {
                throw new HubException(HubException.Kind.TIMEOUT, endpoint + " did not answer within "
                        + timeout.toSeconds() + " s; try again or check your connection");
            }
            if (c instanceof ConnectException || c instanceof UnresolvedAddressException
                    || c != null && c.getCause() instanceof UnresolvedAddressException) {
                throw new HubException(HubException.Kind.OFFLINE, "cannot reach " + endpoint
                        + ": offline? (import a config.json file, the local cache or the built-in catalog instead)");
            }
            throw new HubException(HubException.Kind.OFFLINE, "cannot reach " + endpoint + ": "
                    + (c == null ? e.getMessage() : c.getClass().getSimpleName()));
        }
        int s = r.statusCode();
        if (s == 401 || s == 403) {
            throw new HubException(HubException.Kind.GATED, id + " is gated or private (HTTP " + s + "): accept its "
                    + "licence on the Hub and give a token (HF_TOKEN or the token field)"
                    + (token != null ? "; the token given was refused" : ""));
        }
        if (s == 404) {
            throw new HubException(HubException.Kind.NOT_FOUND, "no model '" + id + "' at revision '" + rev + "' on "
                    + endpoint + " (HTTP 404): check the ID and the branch, tag or commit");
        }
        if (s / 100 != 2) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, endpoint + " answered HTTP " + s + " for " + id);
        }
        return r.body();
    }
}
