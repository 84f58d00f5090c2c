package org.vramsheet.io.hub;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A loopback HTTP server that answers like the Hub: /api/models/ID/revision/REV, /ID/resolve/SHA/FILE
 * with Range support, 401 for a gated model without the right token, 404 for unknown ones, a slow
 * model and a truncated config. Tests only; binds 127.0.0.1 on a free port.
 */
public final class FakeHub implements AutoCloseable {
    public static final String TOKEN = "hf_secret_test_token_123";
    static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private final HttpServer server;
    private final Map<String, byte[]> files = new HashMap<>();
    volatile String lastAuthorization;

    public FakeHub() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", this::handle);
        String llama = resource("/configs/meta-llama__Llama-3.1-8B-Instruct.json");
        files.put("acme/tiny/config.json", llama.getBytes(StandardCharsets.UTF_8));
        files.put("acme/tiny/model.safetensors", safetensors("BF16", 64, "F32", 16));
        files.put("acme/sharded/config.json", llama.getBytes(StandardCharsets.UTF_8));
        files.put("acme/sharded/model.safetensors.index.json", ("{\"metadata\":{\"total_size\":16060522496},"
                + "\"weight_map\":{\"a\":\"model-00001-of-00002.safetensors\",\"b\":\"model-00002-of-00002.safetensors\"}}")
                .getBytes(StandardCharsets.UTF_8));
        files.put("acme/sharded/model-00001-of-00002.safetensors", safetensors("BF16", 1024, "BF16", 1024));
        files.put("acme/sharded/model-00002-of-00002.safetensors", safetensors("BF16", 2048, "F32", 8));
        files.put("acme/gated/config.json", llama.getBytes(StandardCharsets.UTF_8));
        files.put("acme/padded/config.json", llama.getBytes(StandardCharsets.UTF_8));
        byte[] whole = safetensors("BF16", 64, "F32", 16);
        files.put("acme/padded/model.safetensors", java.util.Arrays.copyOf(whole, whole.length + 4)); // 4 bytes no tensor covers
        files.put("acme/truncated/config.json", llama.substring(0, llama.length() / 2).getBytes(StandardCharsets.UTF_8));
        files.put("acme/slow/config.json", llama.getBytes(StandardCharsets.UTF_8));
        server.start();
    }

    public String endpoint() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    public static String resource(String name) throws IOException {
        try (InputStream in = FakeHub.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A safetensors file with two tensors of the given dtypes and byte sizes (each a whole number of elements). */
    public static byte[] safetensors(String dt1, int bytes1, String dt2, int bytes2) {
        String header = "{\"__metadata__\":{\"format\":\"pt\"},\"a\":{\"dtype\":\"" + dt1 + "\",\"shape\":["
                + bytes1 / width(dt1) + "],\"data_offsets\":[0," + bytes1 + "]},\"b\":{\"dtype\":\"" + dt2 + "\",\"shape\":["
                + bytes2 / width(dt2) + "],\"data_offsets\":[" + bytes1 + "," + (bytes1 + bytes2) + "]}}";
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(8 + h.length + bytes1 + bytes2).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(h.length).put(h);
        return b.array();
    }

    private static int width(String dtype) {
        return dtype.endsWith("64") ? 8 : dtype.endsWith("32") ? 4 : dtype.endsWith("16") ? 2 : 1;
    }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        lastAuthorization = x.getRequestHeaders().getFirst("Authorization");
        try {
            if (path.contains("/slow/")) {
                Thread.sleep(3000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (path.startsWith("/api/models/")) {
            String rest = path.substring("/api/models/".length());
            String id = rest.substring(0, rest.indexOf("/revision/"));
            String rev = rest.substring(rest.indexOf("/revision/") + "/revision/".length());
            if (!rev.equals("main") && !rev.equals("v1.0") && !rev.equals(SHA)) {
                send(x, 404, "{\"error\":\"Revision Not Found\"}");
                return;
            }
            if (gated(x, id)) {
                return;
            }
            StringBuilder sib = new StringBuilder();
            files.keySet().stream().filter(k -> k.startsWith(id + "/")).sorted()
                    .forEach(k -> sib.append(sib.length() == 0 ? "" : ",").append("{\"rfilename\":\"")
                            .append(k.substring(id.length() + 1)).append("\"}"));
            if (sib.length() == 0) {
                send(x, 404, "{\"error\":\"Repository Not Found\"}");
                return;
            }
            send(x, 200, "{\"id\":\"" + id + "\",\"sha\":\"" + SHA + "\",\"siblings\":[" + sib + "]}");
            return;
        }
        int r = path.indexOf("/resolve/");
        if (r > 0) {
            String id = path.substring(1, r);
            String file = path.substring(path.indexOf('/', r + "/resolve/".length()) + 1);
            if (gated(x, id)) {
                return;
            }
            byte[] body = files.get(id + "/" + file);
            if (body == null) {
                send(x, 404, "Entry not found");
                return;
            }
            String range = x.getRequestHeaders().getFirst("Range");
            if (range != null) {
                String[] se = range.substring("bytes=".length()).split("-");
                int s = Integer.parseInt(se[0]);
                int e = Math.min(Integer.parseInt(se[1]), body.length - 1);
                byte[] part = java.util.Arrays.copyOfRange(body, s, e + 1);
                x.getResponseHeaders().add("Content-Range", "bytes " + s + "-" + e + "/" + body.length);
                send(x, 206, part);
            } else {
                send(x, 200, body);
            }
            return;
        }
        send(x, 404, "not found");
    }

    private boolean gated(HttpExchange x, String id) throws IOException {
        if (id.equals("acme/gated") && !("Bearer " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"))) {
            send(x, 401, "{\"error\":\"Access to model acme/gated is restricted.\"}");
            return true;
        }
        return false;
    }

    private static void send(HttpExchange x, int code, String body) throws IOException {
        send(x, code, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange x, int code, byte[] body) throws IOException {
        x.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(body);
        } catch (IOException e) {
            // the client went away (timeout or cancel)
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
