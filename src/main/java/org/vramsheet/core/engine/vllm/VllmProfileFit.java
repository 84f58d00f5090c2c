package org.vramsheet.core.engine.vllm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * How {@link VllmProfile}'s constants are fitted on startup logs: least squares of the torch activation peak on
 * T and S x V (the encoder term, the fused-MoE workspace and the held hidden states taken off first; a run whose printed
 * peak may be its dense forward's left out, {@link #forwardBound}),
 * and the medians of the non-torch memory by parallelism and of the
 * CUDA graph estimates. Used on every log for {@link VllmProfile#FITTED} and on all logs but one for the leave-one-out
 * errors (docs/accuracy.md).
 */
public final class VllmProfileFit {
    /** One profiled startup: its features and what the log printed (bytes; cudaGraphBytes null when not printed). */
    public record Run(String id, VllmProfile.Features features, long activationBytes, long nonTorchBytes,
                      Long cudaGraphBytes) { }

    private VllmProfileFit() { }

    /** The constants fitted on these runs. */
    public static VllmProfile.Constants fit(List<Run> runs) {
        double[] k = leastSquares(runs);
        long one = Math.round(median(runs, r -> r.features().tp() == 1 && r.features().pp() == 1, r -> r.nonTorchBytes(), 0));
        long tp = Math.round(median(runs, r -> r.features().tp() > 1, r -> r.nonTorchBytes(), one));
        long pp = Math.round(median(runs, r -> r.features().tp() == 1 && r.features().pp() > 1, r -> r.nonTorchBytes(), one));
        long graphs = Math.round(median(runs, r -> r.cudaGraphBytes() != null, r -> r.cudaGraphBytes(), 0));
        return new VllmProfile.Constants(k[0], k[1], one, tp, pp, graphs, true);
    }

    /** Coefficients of T and S x V. */
    static double[] leastSquares(List<Run> runs) {
        double[][] a = new double[2][3];
        for (Run r : runs) {
            VllmProfile.Features f = r.features();
            if (forwardBound(r)) {
                continue;
            }
            double[] x = {f.batchedTokens(), f.seqVocab()};
            double y = r.activationBytes() - (double) f.shapedWithHidden();
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++) {
                    a[i][j] += x[i] * x[j];
                }
                a[i][2] += x[i] * y;
            }
        }
        return solve(a);
    }

    /**
     * Whether a run's printed peak may be its dense forward's (VllmForwardPeak at least the printed peak less the shaped
     * terms): it says nothing of the sampler's phase then, so the least squares leave it out (none of the fitted H100 logs).
     */
    public static boolean forwardBound(Run r) {
        VllmProfile.Features f = r.features();
        return f.forwardPeak() > 0 && f.forwardPeak() >= r.activationBytes() - f.shaped();
    }

    /** Gauss-Jordan elimination with partial pivoting of an augmented n x (n + 1) system. */
    static double[] solve(double[][] a) {
        int n = a.length;
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                p = Math.abs(a[r][c]) > Math.abs(a[p][c]) ? r : p;
            }
            double[] t = a[c];
            a[c] = a[p];
            a[p] = t;
            if (a[c][c] == 0) {
                throw new IllegalArgumentException("the runs do not determine the fit (every feature the same?)");
            }
            for (int r = 0; r < n; r++) {
                double m = r == c ? 0 : a[r][c] / a[c][c];
                for (int j = c; j <= n; j++) {
                    a[r][j] -= m * a[c][j];
                }
            }
        }
        double[] k = new double[n];
        for (int i = 0; i < n; i++) {
            k[i] = a[i][n] / a[i][i];
        }
        return k;
    }

    private static double median(List<Run> runs, Predicate<Run> which, ToDoubleFunction<Run> value, double none) {
        List<Double> v = new ArrayList<>();
        for (Run r : runs) {
            if (which.test(r)) {
                v.add(value.applyAsDouble(r));
            }
        }
        if (v.isEmpty()) {
            return none;
        }
        v.sort(null);
        int m = v.size() / 2;
        return v.size() % 2 == 1 ? v.get(m) : (v.get(m - 1) + v.get(m)) / 2;
    }
}
