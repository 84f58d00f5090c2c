package org.vramsheet.core.engine.sglang;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.units.Units;

/**
 * How SGLang sizes its pools on one GPU (model_runner profile_max_num_token, pool_configurator.py since 2026):
 * {@code rest = free after weights - free before weights x (1 - mem_fraction_static)}, which is {@code free before x mfs -
 * weights}; a hybrid Mamba model gives the state pool its share first; tokens = rest // cell, in whole pages; a
 * sliding-window model splits the cell between the full layers and {@code swa_full_tokens_ratio} x the SWA layers.
 */
final class SglangPools {
    /** server_args swa_full_tokens_ratio default (SG06: 375,360 full-layer tokens x 0.8 = 300,288 SWA tokens). */
    static final double SWA_FULL_TOKENS_RATIO = 0.8;
    /** server_args mamba_full_memory_ratio default: Mamba state memory / full KV memory (SGLang docs, Qwen3-Next). */
    static final double MAMBA_FULL_MEMORY_RATIO = 0.9;

    private SglangPools() { }

    /** Bytes per token of the full-attention layers and of the sliding-window layers on this rank. */
    record Cell(long full, long swa) {
        static Cell of(KvGeometry g) {
            long full = 0;
            long swa = 0;
            for (KvGeometry.Group gr : g.groupsRank) {
                long b = Math.multiplyExact((long) gr.layers(), g.perLayer(gr, true));
                if (gr.capped()) {
                    swa = Math.addExact(swa, b);
                } else {
                    full = Math.addExact(full, b);
                }
            }
            return new Cell(full, swa);
        }

        boolean split() { return full > 0 && swa > 0; }

        /** Bytes per token of max_total_num_tokens: F + r x S with both pools, else the one there is. */
        BigDecimal perToken() {
            return split() ? BigDecimal.valueOf(full).add(BigDecimal.valueOf(swa).multiply(BigDecimal.valueOf(SWA_FULL_TOKENS_RATIO)))
                    : BigDecimal.valueOf(full + swa);
        }
    }

    static PoolLayout layout(EngineModule module, PoolInput in) {
        KvGeometry g = in.geometry();
        int page = in.blockSize().value();
        long freeBefore = in.totalBytes() - in.nonTorchBytes();
        long rest = new BigDecimal(freeBefore).multiply(BigDecimal.valueOf(in.fraction())).setScale(0, RoundingMode.FLOOR)
                .longValueExact() - in.nonKvBytes();
        in.notes().add("rest = free before weights x mem_fraction_static - weights; tokens = rest // cell, rounded down to page_size");
        long state = g.stateBytesPerSeqRank;
        if (state > 0 && rest > 0) {
            double share = MAMBA_FULL_MEMORY_RATIO / (1 + MAMBA_FULL_MEMORY_RATIO);
            long slots = (long) Math.floor(rest * share / state);
            long mamba = Math.multiplyExact(slots, state);
            rest -= mamba;
            in.notes().add(String.format(Locale.ROOT, "Mamba state pool first: %d slots of %s (mamba_full_memory_ratio %.1f: "
                    + "state / KV memory); approximate, SGLang also caps it by max_mamba_cache_size", slots, Units.gibText(state),
                    MAMBA_FULL_MEMORY_RATIO));
        }
        Cell cell = Cell.of(g);
        long tokens = rest <= 0 || cell.perToken().signum() == 0 ? 0 : BigDecimal.valueOf(rest).divide(cell.perToken(), 0,
                RoundingMode.FLOOR).longValueExact() / page * page;
        long swaTokens = cell.split() ? (long) (tokens * SWA_FULL_TOKENS_RATIO) / page * page : 0;
        long poolBytes = cell.split() ? Math.addExact(Math.multiplyExact(tokens, cell.full()), Math.multiplyExact(swaTokens, cell.swa()))
                : Math.multiplyExact(tokens, cell.full() + cell.swa());
        if (cell.split()) {
            in.notes().add(String.format(Locale.ROOT, "Sliding-window pool: max_total_num_tokens counts full-layer tokens; "
                    + "cell = %d + %.1f x %d B; SWA pool %s tokens (swa_full_tokens_ratio %.1f)", cell.full(), SWA_FULL_TOKENS_RATIO,
                    cell.swa(), Units.grouped(swaTokens), SWA_FULL_TOKENS_RATIO));
        }
        long pageBytes = Math.multiplyExact(cell.full() + cell.swa(), (long) page);
        return new PoolLayout(module, g, new PoolLayout.Shape(page, pageBytes, poolBytes, tokens / page, tokens),
                new PoolLayout.Admission(in.runtime().ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, in.maxLen()));
    }
}
