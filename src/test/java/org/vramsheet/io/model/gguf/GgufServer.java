package org.vramsheet.io.model.gguf;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback server answering the Hub's {@code /ORG/NAME/resolve/REV/FILE} URLs by HTTP Range (206 with Content-Range),
 * a file being its header followed by zeros up to its size, and {@code /api/models/ORG/NAME/revision/REV} with the JSON
 * given for the repository. It records the ranges and the API queries asked for.
 */
public final class GgufServer implements AutoCloseable {
    private record Served(byte[] head, long size) { }

    private final HttpServer server;
    private final Map<String, Served> files = new ConcurrentHashMap<>();
    /** The Range header of every request, "none" without one. */
    public final List<String> ranges = new CopyOnWriteArrayList<>();
    /** The path and query of every API request. */
    public final List<String> api = new CopyOnWriteArrayList<>();
    private final Map<String, String> revisions = new ConcurrentHashMap<>();

    public GgufServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** HF_ENDPOINT for this server. */
    public String endpoint() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    /** Serves {@code head} then zeros to {@code size} as FILE of ORG/NAME at REV. */
    public void put(String id, String rev, String file, byte[] head, long size) {
        files.put("/" + id + "/resolve/" + rev + "/" + file, new Served(head, size));
    }

    /** Answers {@code /api/models/ID/revision/REV} (any REV) with this JSON. */
    public void revision(String id, String json) { revisions.put(id, json); }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        if (path.startsWith("/api/models/")) {
            api.add(path + "?" + x.getRequestURI().getRawQuery());
            String id = path.substring("/api/models/".length()).replaceFirst("/revision/.*$", "");
            String json = revisions.get(id);
            byte[] body = (json == null ? "{\"error\":\"Repository Not Found\"}" : json).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            x.sendResponseHeaders(json == null ? 404 : 200, body.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(body);
            }
            return;
        }
        String range = x.getRequestHeaders().getFirst("Range");
        ranges.add(range == null ? "none" : range);
        Served f = files.get(x.getRequestURI().getPath());
        if (f == null) {
            x.sendResponseHeaders(404, -1);
            x.close();
            return;
        }
        long s = 0;
        long e = f.size() - 1;
        if (range != null && range.startsWith("bytes=")) {
            String[] se = range.substring("bytes=".length()).split("-");
            s = Long.parseLong(se[0]);
            e = Math.min(Long.parseLong(se[1]), f.size() - 1);
            x.getResponseHeaders().add("Content-Range", "bytes " + s + "-" + e + "/" + f.size());
        }
        x.sendResponseHeaders(range == null ? 200 : 206, e + 1 - s);
        try (OutputStream o = x.getResponseBody()) {
            byte[] chunk = new byte[64 * 1024];
            for (long at = s; at <= e; ) {
                int n = (int) Math.min(chunk.length, e + 1 - at);
                java.util.Arrays.fill(chunk, (byte) 0);
                if (at < f.head().length) {
                    System.arraycopy(f.head(), (int) at, chunk, 0, (int) Math.min(n, f.head().length - at));
                }
                o.write(chunk, 0, n);
                at += n;
            }
        } catch (IOException closed) {
            // the reader needs only the header and may close early
        }
    }

    @Override
    public void close() { server.stop(0); }
}
