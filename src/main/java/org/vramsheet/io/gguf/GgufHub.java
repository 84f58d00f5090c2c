package org.vramsheet.io.gguf;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;

/**
 * A GGUF file on the Hugging Face Hub, {@code ORG/NAME:FILE.gguf} at a revision, read by HTTP Range requests
 * ({@link HubClient#range}) so that only the header and tensor infos travel: first {@link #FIRST} bytes, then ranges
 * that double what is held when the header runs on, never past {@link #CAP} (a header larger than that is refused,
 * saying so). A server that ignores Range is read only as far as the header needs and closed. A split model
 * ({@code -00001-of-00003.gguf}) is read part by part in the same way ({@link GgufSplit}).
 */
public final class GgufHub {
    /** The first range, 2 MiB; a header with a large tokenizer (tokens, scores, merges) takes a few more. */
    public static final int FIRST = 2 << 20;
    /** The most of one file read: {@link HubClient#MAX_BODY}, 64 MiB. */
    public static final int CAP = HubClient.MAX_BODY;
    private static final Pattern SPEC = Pattern.compile("([^:@\\s]+/[^:@\\s]+)(?:@([^:\\s]+))?:(\\S+\\.gguf)",
            Pattern.CASE_INSENSITIVE);

    /** {@code ORG/NAME[@REV]:FILE.gguf} taken apart; revision null when not given. */
    public record Spec(String modelId, String revision, String file) {
        /** The spec from text, or null when the text is not one. */
        public static Spec parse(String text) {
            Matcher m = SPEC.matcher(text == null ? "" : text.strip());
            return m.matches() ? new Spec(m.group(1), m.group(2), m.group(3)) : null;
        }
    }

    private GgufHub() { }

    /**
     * The header and tensor infos of {@code file} in {@code modelId} at {@code revision} (null: main), every part when
     * the model is split. Network and access failures are {@link HubException}s (their kind tells gated from offline),
     * format failures {@link GgufException}s.
     */
    public static GgufFile read(HubClient hub, Spec spec, AtomicBoolean cancelled) throws IOException, HubException {
        return read(hub, spec, cancelled, CAP);
    }

    /** As {@link #read(HubClient, Spec, AtomicBoolean)} with another cap (the tests'). */
    static GgufFile read(HubClient hub, Spec spec, AtomicBoolean cancelled, int cap) throws IOException, HubException {
        String rev = spec.revision() == null || spec.revision().isBlank() ? "main" : spec.revision();
        try {
            return GgufSplit.read(spec.file(), (name, i) -> GgufReader.read(new Ranges(hub, new Spec(spec.modelId(), rev,
                    name), cancelled, i, cap), hub.endpoint() + "/" + spec.modelId() + "/resolve/" + rev + "/" + name, cap, i),
                    null, spec.modelId() + " at " + rev);
        } catch (Failure f) {
            throw f.hub;
        }
    }

    /** A Hub failure carried through the reader (which only throws IOException) and unwrapped by {@link #read}. */
    private static final class Failure extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient HubException hub;

        Failure(HubException hub) {
            super(hub.getMessage());
            this.hub = hub;
        }
    }

    /** The file's first bytes, fetched by ranges as the reader asks for them. */
    private static final class Ranges implements GgufSource {
        private final HubClient hub;
        private final Spec at;
        private final AtomicBoolean cancelled;
        private final int index;
        private final int cap;
        private byte[] data = new byte[0];
        private int loaded;
        private long size = -1;
        private boolean end;

        Ranges(HubClient hub, Spec at, AtomicBoolean cancelled, int index, int cap) {
            this.hub = hub;
            this.at = at;
            this.cancelled = cancelled;
            this.index = index;
            this.cap = cap;
        }

        @Override
        public int read(long pos, byte[] dst, int off, int len) throws IOException {
            while (pos + len > loaded && !end && loaded < cap) {
                more(pos + len);
            }
            int n = (int) Math.max(0, Math.min(len, loaded - pos));
            if (n > 0) {
                System.arraycopy(data, (int) pos, dst, off, n);
            }
            return n;
        }

        /** One more range: double what is held (at least what is needed), within the cap. */
        private void more(long need) throws IOException {
            int chunk = (int) Math.min(cap - loaded, Math.max(Math.max(FIRST, loaded), need - loaded));
            HubClient.Ranged r;
            try {
                r = hub.range(at.modelId(), at.revision(), at.file(), loaded, chunk, cancelled);
            } catch (HubException e) {
                if (index > 0 && e.kind() == HubException.Kind.NOT_FOUND) {
                    throw new Failure(new HubException(e.kind(), "part " + (index + 1) + " of the split model is missing: "
                            + e.getMessage()));
                }
                throw new Failure(e);
            }
            if (r.fileSize() >= 0) {
                size = r.fileSize();
            }
            byte[] got = r.body();
            data = Arrays.copyOf(data, loaded + got.length);
            System.arraycopy(got, 0, data, loaded, got.length);
            loaded += got.length;
            end = got.length < chunk || size >= 0 && loaded >= size;
        }

        @Override
        public long size() { return size; }
    }
}
