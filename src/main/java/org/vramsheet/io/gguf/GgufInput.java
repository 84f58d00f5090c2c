package org.vramsheet.io.gguf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A forward-only cursor over a {@link GgufSource} in the file's byte order, within a byte budget. It knows what it is
 * reading ({@link #where}) so that every refusal names the key or tensor and the byte offset: "the file ends inside
 * key 'general.name' (at byte 1,234 ...)".
 */
final class GgufInput {
    private static final int BUFFER = 8 * 1024;
    private final GgufSource src;
    private final long budget;
    private final byte[] buf = new byte[BUFFER];
    private final ByteBuffer view = ByteBuffer.wrap(buf);
    /** File position of buf[0]. */
    private long bufStart;
    private int bufLen;
    private long pos;
    private String where = "the header";

    GgufInput(GgufSource src, long budget) {
        this.src = src;
        this.budget = budget;
        view.order(ByteOrder.LITTLE_ENDIAN);
    }

    void order(ByteOrder order) { view.order(order); }

    ByteOrder order() { return view.order(); }

    /** What is being read, for messages: "key 'general.name'", "tensor 3 'blk.0.attn_q.weight'". */
    void where(String what) { where = what; }

    String where() { return where; }

    long position() { return pos; }

    /** The whole file's size, or -1 when not known. */
    long size() { return src.size(); }

    /** Bytes left before the end of the file, or Long.MAX_VALUE when its size is not known. */
    long fileLeft() {
        return src.size() < 0 ? Long.MAX_VALUE : Math.max(0, src.size() - pos);
    }

    /** "at byte 1,234 inside key 'x'". */
    String at() { return "at byte " + GgufException.num(pos) + " inside " + where; }

    /** "(at byte 1,234)", the position {@code back} bytes before the cursor, for a message that names what it read. */
    String byteAt(int back) { return "(at byte " + GgufException.num(pos - back) + ")"; }

    int u8() throws IOException { return ensure(1).get() & 0xff; }

    int u16() throws IOException { return ensure(2).getShort() & 0xffff; }

    short i16() throws IOException { return ensure(2).getShort(); }

    int i32() throws IOException { return ensure(4).getInt(); }

    long u32() throws IOException { return ensure(4).getInt() & 0xffffffffL; }

    /** A 64-bit word as stored (a uint64 above Long.MAX_VALUE comes back negative). */
    long i64() throws IOException { return ensure(8).getLong(); }

    float f32() throws IOException { return ensure(4).getFloat(); }

    double f64() throws IOException { return ensure(8).getDouble(); }

    /** {@code n} raw bytes (n already checked against the limits by the caller). */
    byte[] bytes(int n) throws IOException {
        checkBudget(n);
        byte[] out = new byte[n];
        int inBuf = (int) Math.max(0, Math.min(n, bufStart + bufLen - pos));
        int from = (int) (pos - bufStart);
        if (inBuf > 0) {
            System.arraycopy(buf, from, out, 0, inBuf);
        }
        int got = inBuf;
        while (got < n) {
            int r = src.read(pos + got, out, got, n - got);
            if (r <= 0) {
                throw truncated(n);
            }
            got += r;
        }
        pos += n;
        return out;
    }

    /** A buffer positioned at the next {@code n} (at most 8) bytes, which it then counts as read. */
    private ByteBuffer ensure(int n) throws IOException {
        checkBudget(n);
        if (pos + n > bufStart + bufLen) {
            fill(n);
        }
        view.position((int) (pos - bufStart));
        pos += n;
        return view;
    }

    private void fill(int n) throws IOException {
        int keep = (int) Math.max(0, bufStart + bufLen - pos);
        System.arraycopy(buf, bufLen - keep, buf, 0, keep);
        bufStart = pos;
        bufLen = keep;
        while (bufLen < n) {
            int r = src.read(bufStart + bufLen, buf, bufLen, buf.length - bufLen);
            if (r <= 0) {
                throw truncated(n);
            }
            bufLen += r;
        }
    }

    private void checkBudget(long n) throws GgufException {
        if (pos + n > budget) {
            throw new GgufException("the header is larger than the " + GgufException.num(budget) + " bytes this reader "
                    + "reads: refused " + at());
        }
    }

    private GgufException truncated(long n) {
        long size = src.size();
        return new GgufException("the file ends inside " + where + " (it needs bytes " + GgufException.num(pos) + " to "
                + GgufException.num(pos + n - 1) + (size >= 0 ? "; the file has " + GgufException.num(size) + " bytes"
                : "") + "): truncated?");
    }
}
