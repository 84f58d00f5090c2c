package org.vramsheet.core.perf;

/**
 * The request lengths of SGLang's {@code bench_serving --dataset-name random} (sgl-project/sglang,
 * python/sglang/bench_serving.py, {@code sample_random_requests}): {@code np.random.seed(args.seed)} (default 1), then
 * {@code input_lens = np.random.randint(max(int(input_len * range_ratio), 1), input_len + 1, size=num_prompts)} and
 * {@code output_lens = np.random.randint(int(output_len * range_ratio), output_len + 1, size=num_prompts)}, range ratio
 * 0 by default. NumPy's legacy RandomState is MT19937 seeded by {@code init_genrand}; its {@code randint} draws 32-bit
 * words masked to the range's bit width and rejects those above it. The published blocks print the totals, which these
 * lengths must give exactly ({@code PublishedRunsAccuracyTest.theRandomRequestsAreTheBenchmarksOwn}).
 */
final class BenchServingRandom {
    private final int[] mt = new int[624];
    private int index = 624;

    BenchServingRandom(long seed) {
        mt[0] = (int) seed;
        for (int i = 1; i < 624; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
        }
    }

    private int next() {
        if (index >= 624) {
            for (int k = 0; k < 624; k++) {
                int y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
                mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
            }
            index = 0;
        }
        int y = mt[index++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }

    /** {@code np.random.randint(low, high, size=n)} for a range below 2^32. */
    long[] randint(long low, long high, int n) {
        long range = high - 1 - low;
        long mask = range;
        for (int s = 1; s <= 16; s <<= 1) {
            mask |= mask >>> s;
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long v;
            do {
                v = Integer.toUnsignedLong(next()) & mask;
            } while (v > range);
            out[i] = low + v;
        }
        return out;
    }

    /** The prompt lengths of {@code n} random requests of at most {@code inputLen} tokens (seed 1, range ratio 0). */
    static long[] prompts(int inputLen, int n) {
        return new BenchServingRandom(1).randint(1, inputLen + 1L, n);
    }

    /** Their output lengths (drawn after the prompts' from the same state). */
    static long[] outputs(int inputLen, int outputLen, int n) {
        BenchServingRandom r = new BenchServingRandom(1);
        r.randint(1, inputLen + 1L, n);
        return r.randint(0, outputLen + 1L, n);
    }
}
