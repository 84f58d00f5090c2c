package org.vramsheet.io.gguf;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback server that serves files the way the Hub's resolve URLs do: {@code /ORG/NAME/resolve/REV/FILE}, with or
 * without honouring Range, optionally behind a token or a redirect to another origin. A file is its first bytes (a
 * GGUF header) followed by zeros up to its size, so a gigabyte model costs only its header. It counts what it sent.
 */
final class RangeServer implements AutoCloseable {
    /** A file: its first bytes, then zeros to {@code size}. */
    record Served(byte[] head, long size) { }

    private final HttpServer server;
    private final Map<String, Served> files = new ConcurrentHashMap<>();
    final List<String> ranges = new CopyOnWriteArrayList<>();
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    final AtomicLong sent = new AtomicLong();
    volatile boolean ignoreRange;
    volatile String token;
    /** When set, every resolve URL answers 302 to this server's same path. */
    volatile String redirectTo;

    RangeServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", this::handle);
        server.start();
    }

    String endpoint() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    void put(String id, String rev, String file, byte[] head, long size) {
        files.put("/" + id + "/resolve/" + rev + "/" + file, new Served(head, size));
    }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        String range = x.getRequestHeaders().getFirst("Range");
        ranges.add(range == null ? "none" : range);
        authorizations.add(String.valueOf(x.getRequestHeaders().getFirst("Authorization")));
        if (token != null && !("Bearer " + token).equals(x.getRequestHeaders().getFirst("Authorization"))) {
            reply(x, 401, new Served(new byte[0], 0), 0, 0);
            return;
        }
        if (redirectTo != null) {
            x.getResponseHeaders().add("Location", redirectTo + path);
            reply(x, 302, new Served(new byte[0], 0), 0, 0);
            return;
        }
        Served f = files.get(path);
        if (f == null) {
            reply(x, 404, new Served("Entry not found".getBytes(), 15), 0, 15);
            return;
        }
        if (range == null || ignoreRange) {
            reply(x, 200, f, 0, f.size());
            return;
        }
        String[] se = range.substring("bytes=".length()).split("-");
        long s = Long.parseLong(se[0]);
        long e = Math.min(Long.parseLong(se[1]), f.size() - 1);
        if (s >= f.size()) {
            x.getResponseHeaders().add("Content-Range", "bytes */" + f.size());
            reply(x, 416, new Served(new byte[0], 0), 0, 0);
            return;
        }
        x.getResponseHeaders().add("Content-Range", "bytes " + s + "-" + e + "/" + f.size());
        reply(x, 206, f, s, e + 1 - s);
    }

    /** Sends {@code length} bytes of {@code f} from {@code from}, in 64 KiB writes, until done or the client goes. */
    private void reply(HttpExchange x, int code, Served f, long from, long length) throws IOException {
        x.sendResponseHeaders(code, length == 0 ? -1 : length);
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream o = x.getResponseBody()) {
            for (long at = from; at < from + length; ) {
                int n = (int) Math.min(chunk.length, from + length - at);
                java.util.Arrays.fill(chunk, 0, n, (byte) 0);
                if (at < f.head().length) {
                    System.arraycopy(f.head(), (int) at, chunk, 0, (int) Math.min(n, f.head().length - at));
                }
                o.write(chunk, 0, n);
                sent.addAndGet(n);
                at += n;
            }
        } catch (IOException e) {
            // the client closed the answer: what a reader that needs only the header does
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
