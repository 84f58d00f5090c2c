package org.vramsheet.io.gguf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/**
 * Where a GGUF file's bytes come from: a file's channel, a stream read once from the start, or the Hub by ranges
 * ({@link GgufHub}). The reader only ever moves forward, so a stream serves as well as a channel.
 */
interface GgufSource {
    /** Reads up to {@code len} bytes at {@code pos}; fewer only at the end of the data (0 at or past it). */
    int read(long pos, byte[] dst, int off, int len) throws IOException;

    /** The whole file's size in bytes, or -1 when not known. */
    long size();

    /** A channel from its current size (a local file). */
    static GgufSource of(SeekableByteChannel ch) throws IOException {
        long size = ch.size();
        return new GgufSource() {
            @Override
            public int read(long pos, byte[] dst, int off, int len) throws IOException {
                ByteBuffer b = ByteBuffer.wrap(dst, off, len);
                ch.position(pos);
                while (b.hasRemaining()) {
                    if (ch.read(b) < 0) {
                        break;
                    }
                }
                return len - b.remaining();
            }

            @Override
            public long size() { return size; }
        };
    }

    /** A stream read from its first byte, of {@code size} bytes (-1: not known); positions only move forward. */
    static GgufSource of(InputStream in, long size) {
        return new GgufSource() {
            private long at;

            @Override
            public int read(long pos, byte[] dst, int off, int len) throws IOException {
                if (pos < at) {
                    throw new IOException("a stream cannot go back to byte " + pos + " (at " + at + ")");
                }
                at += skip(in, pos - at);
                int n = in.readNBytes(dst, off, len);
                at += n;
                return n;
            }

            @Override
            public long size() { return size; }
        };
    }

    /** Skips up to n bytes, fewer only at the end of the stream. */
    private static long skip(InputStream in, long n) throws IOException {
        long done = 0;
        while (done < n) {
            long s = in.skip(n - done);
            if (s <= 0) {
                if (in.read() < 0) {
                    break;
                }
                s = 1;
            }
            done += s;
        }
        return done;
    }
}
