package org.vramsheet.io.hub;

import org.vramsheet.io.Messages;
import org.vramsheet.io.Secret;

import java.io.InputStream;

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
import java.util.Locale;
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
    /** The most one answer may carry (JSON, config.json, a safetensors header); more is refused, not read. */
    public static final int MAX_BODY = 64 * 1024 * 1024;
    private static final int MAX_REDIRECTS = 5;
    private final String endpoint;
    private final Secret token;
    private final Duration timeout;
    private final HttpClient http;

    /** A file of a repository and its size in bytes (-1 when the Hub does not say). */
    public record RepoFile(String path, long size) { }

    /** A revision's files with their sizes, and the commit it resolved to. */
    public record Files(String modelId, String revision, String commit, List<RepoFile> files) {
        public Files {
            files = List.copyOf(files);
        }
    }

    /** What the Hub gave. */
    public record Fetched(String modelId, String commit, String configJson, Long indexTotalSize,
                          Map<String, Long> dtypeBytes, List<String> files) { }

    public HubClient(String endpoint, String token, Duration timeout) {
        this(Secret.of("the token", token), endpoint, timeout);
    }

    /** A client with this token (trimmed; refused on the first fetch, naming its source, when it holds a control character). */
    public static HubClient withToken(String endpoint, Secret token, Duration timeout) {
        return new HubClient(token, endpoint, timeout);
    }

    private HubClient(Secret token, String endpoint, Duration timeout) {
        this.endpoint = (endpoint == null || endpoint.isBlank() ? DEFAULT_ENDPOINT : endpoint).replaceAll("/+$", "");
        this.token = token;
        this.timeout = timeout;
        // redirects are followed by hand: the token goes only to the endpoint's own origin
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** HF_ENDPOINT and HF_TOKEN from the environment; a token typed in the window wins. */
    public static HubClient fromEnvironment(Map<String, String> env, String typedToken, Duration timeout) {
        Secret token = typedToken != null && !typedToken.isBlank() ? Secret.of("the token field", typedToken)
                : Secret.of("HF_TOKEN", env.get("HF_TOKEN"));
        return new HubClient(token, env.get("HF_ENDPOINT"), timeout);
    }

    public String endpoint() { return endpoint; }

    @Override
    public String toString() { return "HubClient[" + endpoint + (token.present() ? ", token set" : "") + "]"; }

    /**
     * Why a text is not a Hub model ID, or null when it is one ({@link HubIds}). Said as the field is typed (the import
     * dialog marks it), so a page address, a space or a missing name is caught before anything is fetched.
     */
    public static String idProblem(String text) { return HubIds.problem(text); }

    /**
     * Fetches a model. {@code progress} gets (step, steps); {@code cancelled} is checked between and
     * during requests.
     */
    public Fetched fetch(String modelId, String revision, BiConsumer<Integer, Integer> progress, AtomicBoolean cancelled)
            throws HubException {
        if (token.problem() != null) {
            throw new HubException(HubException.Kind.BAD_TOKEN, token.problem());
        }
        try {
            return fetchChecked(modelId, revision, progress, cancelled);
        } catch (HubException e) {
            // what the Hub sent back is quoted in some messages: a server that echoes the token gets it masked
            throw new HubException(e.kind(), token.mask(e.getMessage()));
        }
    }

    private Fetched fetchChecked(String modelId, String revision, BiConsumer<Integer, Integer> progress,
                                 AtomicBoolean cancelled) throws HubException {
        String rev = revision == null || revision.isBlank() ? "main" : revision.trim();
        String id = modelId.trim();
        if (!HubIds.isModelId(id)) {
            throw new HubException(HubException.Kind.NOT_FOUND, "'" + id + "' is not a Hub model ID (org/name)");
        }
        progress.accept(0, 3);
        JsonNode info = json(get("/api/models/" + id + "/revision/" + enc(rev), null, cancelled, id, rev), id);
        String sha = info.path("sha").asText(rev);
        if (!sha.matches("[0-9a-f]{40}")) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub sent " + Messages.quote(sha)
                    + " as the commit, not a 40-digit hex id");
        }
        List<String> files = new ArrayList<>();
        info.path("siblings").forEach(s -> files.add(s.path("rfilename").asText()));
        if (!files.contains("config.json") && files.stream().anyMatch(f -> f.toLowerCase(Locale.ROOT).endsWith(".gguf"))) {
            throw new HubException(HubException.Kind.GGUF_ONLY, id + " at '" + rev + "' has GGUF files and no config.json: "
                    + "choose one of its GGUF files (ORG/NAME:FILE.gguf)");
        }
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
            String path = "/" + id + "/resolve/" + sha + "/" + encPath(shards.get(i), id);
            try {
                Part first = fetch(path, "bytes=0-7", cancelled, id, rev);
                long n = Safetensors.headerLength(first.body());
                long data = first.fileSize() < 0 ? -1 : first.fileSize() - 8 - n;
                if (first.fileSize() >= 0 && data < 0) {
                    throw new IOException("the header runs past the end of the file (" + first.fileSize() + " bytes)");
                }
                Safetensors.addAll(dtypes, Safetensors.dtypeBytes(get(path, "bytes=8-" + (8 + n - 1), cancelled, id, rev), data));
            } catch (IOException e) {
                throw new HubException(HubException.Kind.BAD_RESPONSE, shards.get(i) + ": " + e.getMessage());
            }
            progress.accept(3 + i + 1, steps);
        }
        return new Fetched(id, sha, config, total, dtypes, files);
    }

    /**
     * What a ranged read of a file gave: the bytes from the asked offset (fewer than asked only at the end of the
     * file), the whole file's size when the answer says it (-1 otherwise), and whether the server ignored the range.
     */
    public record Ranged(byte[] body, long fileSize, boolean rangeIgnored) { }

    /**
     * Bytes {@code from} to {@code from + length - 1} of {@code file} in a model at a revision by one HTTP Range GET
     * ({@link HubRange}), with {@link #fetch}'s token, redirect, deadline and cancelling rules; a server that ignores
     * the range is read only as far as needed, and refused when that is more than {@link #MAX_BODY}.
     */
    public Ranged range(String modelId, String revision, String file, long from, int length, AtomicBoolean cancelled)
            throws HubException {
        if (token.problem() != null) {
            throw new HubException(HubException.Kind.BAD_TOKEN, token.problem());
        }
        if (from < 0 || length <= 0) {
            throw new IllegalArgumentException("a range starts at 0 or later and has at least one byte");
        }
        try {
            return HubRange.read(this, modelId.trim(), revision == null || revision.isBlank() ? "main" : revision.trim(),
                    file, new HubBody.Window(from, length, true), cancelled);
        } catch (HubException e) {
            throw new HubException(e.kind(), token.mask(e.getMessage()));
        }
    }

    /**
     * The files of {@code modelId} at {@code revision} (null: main) with their sizes and the commit, by one request
     * ({@link HubFiles}), with {@link #fetch}'s token, redirect, deadline and cancelling rules.
     */
    public Files files(String modelId, String revision, AtomicBoolean cancelled) throws HubException {
        if (token.problem() != null) {
            throw new HubException(HubException.Kind.BAD_TOKEN, token.problem());
        }
        try {
            return HubFiles.read(this, modelId.trim(), revision == null || revision.isBlank() ? "main" : revision.trim(), cancelled);
        } catch (HubException e) {
            throw new HubException(e.kind(), token.mask(e.getMessage()));
        }
    }

    static boolean isModelId(String id) { return HubIds.isModelId(id); }

    static String enc(String s) { return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"); }

    /** A file path from the Hub's listing, each segment escaped; ".." and control characters are refused. */
    static String encPath(String file, String id) throws HubException {
        if (file.contains("..") || file.startsWith("/") || file.chars().anyMatch(Character::isISOControl) || file.length() > 512) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub listed an unusable file name "
                    + Messages.quote(file));
        }
        StringBuilder b = new StringBuilder();
        for (String seg : file.split("/")) {
            b.append(b.length() == 0 ? "" : "/").append(enc(seg));
        }
        return b.toString();
    }

    static JsonNode json(byte[] body, String id) throws HubException {
        try {
            return WorksheetJson.shared().readTree(body);
        } catch (IOException e) {
            throw new HubException(HubException.Kind.BAD_RESPONSE, id + ": the Hub sent JSON that does not parse "
                    + "(truncated?)");
        }
    }

    private byte[] get(String path, String range, AtomicBoolean cancelled, String id, String rev) throws HubException {
        return fetch(path, range, cancelled, id, rev).body();
    }

    /** The whole body of a GET of {@code path} (checked, capped at {@link #MAX_BODY}). */
    byte[] body(String path, AtomicBoolean cancelled, String id, String rev) throws HubException {
        return get(path, null, cancelled, id, rev);
    }

    /** An answer's body, and the whole file's size when the answer says it (Content-Range of a 206, or a 200's body). */
    private record Part(byte[] body, long fileSize) { }

    private Part fetch(String path, String range, AtomicBoolean cancelled, String id, String rev) throws HubException {
        long deadline = deadlineFromNow();
        HttpResponse<InputStream> r = open(path, range, cancelled, deadline, id);
        status(r, id, rev);
        byte[] body = HubBody.read(r.body(), deadline, cancelled, id, HubBody.Window.WHOLE, () -> deadlineExceeded(id));
        return new Part(body, r.statusCode() == 200 ? body.length : rangeTotal(r.headers().firstValue("Content-Range").orElse("")));
    }

    /** The answer to a GET once redirects are followed (by hand, so that the token stays on its origin). */
    HttpResponse<InputStream> open(String path, String range, AtomicBoolean cancelled, long deadline, String id)
            throws HubException {
        if (cancelled.get()) {
            throw new HubException(HubException.Kind.CANCELLED, "cancelled");
        }
        URI uri = URI.create(endpoint + path);
        HttpResponse<InputStream> r;
        for (int hop = 0; ; hop++) {
            r = send(request(uri, range), cancelled, deadline);
            int s = r.statusCode();
            if (s / 100 != 3 || r.headers().firstValue("Location").isEmpty()) {
                break;
            }
            close(r);
            if (hop >= MAX_REDIRECTS) {
                throw new HubException(HubException.Kind.BAD_RESPONSE, endpoint + " redirected more than " + MAX_REDIRECTS
                        + " times for " + id);
            }
            uri = uri.resolve(r.headers().firstValue("Location").get());
        }
        return r;
    }

    /** The total of "bytes 0-7/123456", or -1 ("*" or anything else). */
    static long rangeTotal(String contentRange) {
        int slash = contentRange.lastIndexOf('/');
        String t = slash < 0 ? "" : contentRange.substring(slash + 1).strip();
        return t.matches("[0-9]{1,18}") ? Long.parseLong(t) : -1;
    }

    /** The whole time one answer may take, headers and body: three times the connect / header timeout. */
    private Duration deadline() { return timeout.multipliedBy(3); }

    long deadlineFromNow() { return System.nanoTime() + deadline().toNanos(); }

    /** A GET; the token only when the request goes to the endpoint's own origin (scheme, host and port). */
    private HttpRequest request(URI uri, String range) throws HubException {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout).header("User-Agent", "vramsheet").GET();
            if (token.present() && sameOrigin(uri, URI.create(endpoint))) {
                b.header("Authorization", "Bearer " + token.value());
            }
            if (range != null) {
                b.header("Range", range);
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            // the JDK's header check quotes the header, token included, in its message: never passed on
            throw new HubException(HubException.Kind.BAD_RESPONSE, "cannot ask " + endpoint + ": the request could not be "
                    + "built (" + e.getClass().getSimpleName() + ")");
        }
    }

    static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost() != null
                && a.getHost().equalsIgnoreCase(b.getHost()) && port(a) == port(b);
    }

    private static int port(URI u) {
        return u.getPort() != -1 ? u.getPort() : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
    }

    /** The answer's headers, waited for at most until the deadline whatever the HTTP client's own threads do. */
    private HttpResponse<InputStream> send(HttpRequest req, AtomicBoolean cancelled, long deadline) throws HubException {
        CompletableFuture<HttpResponse<InputStream>> f;
        try {
            f = http.sendAsync(req, HttpResponse.BodyHandlers.ofInputStream());
        } catch (RuntimeException e) {
            throw new HubException(HubException.Kind.OFFLINE, "cannot reach " + endpoint + ": " + e.getClass().getSimpleName());
        }
        try {
            while (true) {
                try {
                    return f.get(100, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (cancelled.get()) {
                        f.cancel(true);
                        throw new HubException(HubException.Kind.CANCELLED, "cancelled");
                    }
                    if (System.nanoTime() - deadline > 0) {
                        f.cancel(true);
                        throw new HubException(HubException.Kind.TIMEOUT, endpoint + " did not answer within "
                                + deadline().toSeconds() + " s; try again or check your connection");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw new HubException(HubException.Kind.CANCELLED, "cancelled");
        } catch (ExecutionException e) {
            throw failed(e);
        }
    }

    private HubException failed(ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof HttpTimeoutException) {
            return new HubException(HubException.Kind.TIMEOUT, endpoint + " did not answer within "
                    + timeout.toSeconds() + " s; try again or check your connection");
        }
        if (c instanceof ConnectException || c instanceof UnresolvedAddressException
                || c != null && c.getCause() instanceof UnresolvedAddressException) {
            return new HubException(HubException.Kind.OFFLINE, "cannot reach " + endpoint
                    + ": offline? (import a config.json file, the local cache or the built-in catalog instead)");
        }
        return new HubException(HubException.Kind.OFFLINE, "cannot reach " + endpoint + ": "
                + (c == null ? "the request failed" : c.getClass().getSimpleName()));
    }

    void status(HttpResponse<InputStream> r, String id, String rev) throws HubException {
        int s = r.statusCode();
        if (s / 100 == 2) {
            return;
        }
        close(r);
        if (s == 401 || s == 403) {
            throw new HubException(HubException.Kind.GATED, id + " is gated or private (HTTP " + s + "): accept its "
                    + "licence on the Hub and give a token (HF_TOKEN or the token field)"
                    + (token.present() ? "; the token given was refused (" + token.source() + ")" : ""));
        }
        if (s == 404) {
            throw new HubException(HubException.Kind.NOT_FOUND, "no model '" + id + "' at revision '" + rev + "' on "
                    + endpoint + " (HTTP 404): check the ID and the branch, tag or commit");
        }
        throw new HubException(HubException.Kind.BAD_RESPONSE, endpoint + " answered HTTP " + s + " for " + id);
    }

    HubException deadlineExceeded(String id) {
        return new HubException(HubException.Kind.TIMEOUT, id + ": " + endpoint + " did not finish its answer within "
                + deadline().toSeconds() + " s; try again or check your connection");
    }

    private static void close(HttpResponse<InputStream> r) {
        HubBody.quietClose(r.body());
    }
}
