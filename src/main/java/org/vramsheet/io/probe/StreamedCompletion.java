package org.vramsheet.io.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.vramsheet.io.json.WorksheetJson;

/**
 * One streamed completion ({@code "stream": true}): the server-sent events of the OpenAI completions API as vLLM, SGLang,
 * TensorRT-LLM's {@code trtllm-serve}, llama.cpp's server and Ollama's {@code /v1} send them ({@code data: {json}} lines,
 * {@code data: [DONE]} last), timed as vLLM's benchmark client times them ({@code vllm/benchmarks/lib/endpoint_request_func.py}):
 * time to first token = from sending the request to the first event that carries text; inter-token latency = the gaps
 * between successive events that carry text; output tokens = the final {@code usage.completion_tokens}
 * ({@code stream_options.include_usage}) when the server sends it, else the events that carried text. Bounded: at most
 * {@link #MAX_EVENT} per event and {@link EngineProbe#MAX_BODY} in all, at most {@code maxTokens + }{@link #SLACK} events
 * with text, never silent longer than the probe's timeout, all within the run's deadline. A server that answers with
 * one JSON body instead (it does not stream) gives its total time as the first token and no gaps.
 */
final class StreamedCompletion {
    /** The largest event read: a real one is a few hundred bytes. */
    static final int MAX_EVENT = 1 << 20;
    /** Events with text allowed past the tokens asked for (a detokenizer may split a token over two). */
    static final int SLACK = 16;

    /**
     * What one streamed request measured.
     *
     * @param ttftNanos    request sent to first text
     * @param gapsNanos    the gaps between events with text, in order
     * @param outputTokens tokens generated (the server's usage, else the events with text); -1 when not known
     * @param totalNanos   request sent to the end of the stream
     * @param streamed     false when the server answered with one body (no gaps)
     * @param startNanos   when it was sent ({@link System#nanoTime})
     */
    record Timing(long ttftNanos, long[] gapsNanos, long outputTokens, long totalNanos, boolean streamed, long startNanos) { }

    private static final String PATH = "v1/completions";
    private final EngineProbe probe;

    StreamedCompletion(EngineProbe probe) { this.probe = probe; }

    /** One completion of maxTokens tokens (end of sequence ignored), streamed and timed. */
    Timing run(String model, String prompt, int maxTokens) throws EngineProbe.ProbeException {
        ObjectNode body = WorksheetJson.shared().createObjectNode().put("model", model).put("prompt", prompt)
                .put("max_tokens", maxTokens).put("min_tokens", maxTokens).put("ignore_eos", true).put("temperature", 0)
                .put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        HttpRequest.Builder b = HttpRequest.newBuilder(probe.base().resolve(PATH)).header("Content-Type", "application/json")
                .header("Accept", "text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        long t0 = System.nanoTime();
        long end = probe.streamDeadline();
        HttpResponse<InputStream> resp = probe.open(b, PATH, probe.deadline());
        if (resp == null) {
            throw new EngineProbe.ProbeException(probe.base() + PATH + ": not found (not an OpenAI-compatible engine)");
        }
        String type = resp.headers().firstValue("content-type").orElse("");
        if (!type.toLowerCase(Locale.ROOT).contains("text/event-stream")) {
            String whole = probe.body(resp.body(), PATH, probe.deadline());
            long t = System.nanoTime() - t0;
            return new Timing(t, new long[0], completionTokens(json(whole)), t, false, t0);
        }
        return read(resp.body(), t0, end, maxTokens);
    }

    /** The events of one stream, timed, within the bounds. */
    private Timing read(InputStream raw, long t0, long end, int maxTokens) throws EngineProbe.ProbeException {
        Watch watch = new Watch(raw, end, probe.timeout().toNanos());
        long first = -1;
        long last = -1;
        long[] gaps = new long[16];
        int texts = 0;
        long usage = -1;
        long bytes = 0;
        try (InputStream in = new BufferedInputStream(raw, 8192)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            while (true) {
                int n = readLine(in, line, watch);
                if (n < 0) {
                    break;
                }
                bytes += n + 1;
                if (bytes > EngineProbe.MAX_BODY) {
                    throw refused("the stream is larger than " + (EngineProbe.MAX_BODY >> 20) + " MiB");
                }
                String text = line.toString(StandardCharsets.UTF_8).strip();
                if (!text.startsWith("data:")) {
                    continue; // a comment, an event name, a keep-alive or the blank line between events
                }
                String data = text.substring(5).strip();
                if (data.equals("[DONE]")) {
                    drain(in, bytes, watch); // to its end, so that the connection is kept for the next request
                    break;
                }
                long now = System.nanoTime();
                JsonNode ev = json(data);
                usage = Math.max(usage, completionTokens(ev));
                if (!hasText(ev)) {
                    continue;
                }
                if (++texts > (long) maxTokens + SLACK) {
                    throw refused("the stream sent more than " + (maxTokens + SLACK) + " tokens for a request of " + maxTokens);
                }
                first = first < 0 ? now : first;
                gaps = texts < 2 ? gaps : gap(gaps, texts - 2, now - last);
                last = now;
            }
        } catch (IOException e) {
            throw watch.why(e);
        } finally {
            watch.stop();
        }
        if (watch.closed()) {
            throw watch.why(null); // closed by the watch: the read may end quietly rather than throw
        }
        if (first < 0) {
            throw refused("the stream ended without a token");
        }
        return new Timing(first - t0, Arrays.copyOf(gaps, Math.max(0, texts - 1)), usage >= 0 ? usage : texts,
                System.nanoTime() - t0, true, t0);
    }

    /** The gaps with one more at index i (grown when full). */
    private static long[] gap(long[] gaps, int i, long nanos) {
        long[] g = i < gaps.length ? gaps : Arrays.copyOf(gaps, gaps.length * 2);
        g[i] = nanos;
        return g;
    }

    /** Reads what follows [DONE] (the chunked end), within the same bounds; nothing there is used. */
    private void drain(InputStream in, long bytes, Watch watch) throws IOException, EngineProbe.ProbeException {
        byte[] b = new byte[8192];
        for (int n; (n = in.read(b)) >= 0; ) {
            bytes += n;
            watch.heard();
            if (bytes > EngineProbe.MAX_BODY) {
                throw refused("the stream is larger than " + (EngineProbe.MAX_BODY >> 20) + " MiB");
            }
        }
    }

    /** One line into {@code line} (without its end), its length, or -1 at the end of the stream. */
    private int readLine(InputStream in, ByteArrayOutputStream line, Watch watch) throws IOException, EngineProbe.ProbeException {
        line.reset();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (line.size() >= MAX_EVENT) {
                throw refused("an event of the stream is larger than " + (MAX_EVENT >> 20) + " MiB");
            }
            line.write(c);
        }
        if (c == '\n') {
            watch.heard();
        }
        return c < 0 && line.size() == 0 ? -1 : line.size();
    }

    private static boolean hasText(JsonNode ev) {
        JsonNode c = ev.path("choices").path(0);
        String t = c.path("text").isTextual() ? c.path("text").asText() : c.path("delta").path("content").asText("");
        return !t.isEmpty();
    }

    /** usage.completion_tokens of an answer or event, -1 when it has none; range-checked. */
    private long completionTokens(JsonNode n) throws EngineProbe.ProbeException {
        JsonNode u = n.path("usage").path("completion_tokens");
        return u.isMissingNode() || u.isNull() ? -1 : ServerText.whole("/v1/completions usage.completion_tokens", u.asText(), 0,
                1L << 31);
    }

    private JsonNode json(String text) throws EngineProbe.ProbeException {
        try {
            JsonNode n = WorksheetJson.shared().readTree(text);
            if (n == null || !n.isObject()) {
                throw refused("an event is not a JSON object");
            }
            return n;
        } catch (IOException e) {
            throw refused("an event is not JSON");
        }
    }

    private EngineProbe.ProbeException refused(String why) {
        return new EngineProbe.ProbeException(probe.base() + PATH + ": " + why + ": refused");
    }

    /**
     * Closes the stream when it has been silent for the timeout or the deadline passes: one task, which looks again when it
     * fires rather than being rescheduled on every event.
     */
    private final class Watch {
        private final InputStream in;
        private final long end;
        private final long idle;
        private volatile long heard = System.nanoTime();
        private volatile String closedBecause;
        private volatile ScheduledFuture<?> task;

        Watch(InputStream in, long end, long idle) {
            this.in = in;
            this.end = end;
            this.idle = idle;
            arm();
        }

        void heard() { heard = System.nanoTime(); }

        boolean closed() { return closedBecause != null; }

        private void arm() {
            long next = Math.min(end, heard + idle) - System.nanoTime();
            task = EngineProbe.WATCHDOG.schedule(this::check, Math.max(1, next), TimeUnit.NANOSECONDS);
        }

        private void check() {
            long now = System.nanoTime();
            if (now - end >= 0) {
                closedBecause = "end";
            } else if (now - (heard + idle) >= 0) {
                closedBecause = "idle";
            } else {
                arm();
                return;
            }
            EngineProbe.quietClose(in);
        }

        void stop() {
            ScheduledFuture<?> t = task;
            if (t != null) {
                t.cancel(false);
            }
        }

        EngineProbe.ProbeException why(IOException e) {
            String c = closedBecause;
            if ("end".equals(c)) {
                return probe.timedOut(PATH, end);
            }
            if ("idle".equals(c)) {
                return new EngineProbe.ProbeException(probe.base() + PATH + ": the stream sent nothing for "
                        + probe.timeout().toSeconds() + " s: timed out");
            }
            return new EngineProbe.ProbeException(probe.base() + PATH + ": the stream broke off (" + (e == null ? "closed"
                    : e.getClass().getSimpleName()) + ")");
        }
    }
}
