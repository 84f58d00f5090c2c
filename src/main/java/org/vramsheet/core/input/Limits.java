package org.vramsheet.core.input;

import org.vramsheet.core.units.Units;

/**
 * The bounds the declarations ({@link Inputs}) give inputs; the validator and the config.json importer read them from
 * there. Real values sit far inside each one; past it a value is a typo or a hostile file.
 */
final class Limits {
    static final long PARAMS = 100_000_000_000_000L;   // 100 trillion
    static final long TOKENS = 100_000_000L;           // per sequence / context
    static final long SEQUENCES = 10_000_000L;
    /**
     * Entries of an explicit sequenceLengths list. Many sequences of one length are concurrentSequences (up to
     * {@link #SEQUENCES}, never a list); a list names the distinct sequences of a batch, which engines cap near a
     * thousand (max_num_seqs). 2,048 keeps the printed list within one spreadsheet cell (32,767 characters at 13 per
     * entry) and a sheet with every list full (12 variants x 3 workloads) near 75,000 values, read in a 256 MiB heap
     * in a second; at 10,000,000 entries the file could not be opened in 256 MiB.
     */
    static final int LENGTHS = 2048;
    static final long BYTES = 1L << 50;                // 1 PiB
    static final long GPU_BYTES = 16L << 40;           // 16 TiB per GPU
    static final long GPU_MIN_BYTES = Units.MIB;
    static final long LAYERS = 10_000;
    /** A --tensor-split share: llama.cpp takes any non-negative proportions ("3,1", "0.6,0.4"); a million is room. */
    static final long SPLIT = 1_000_000;
    static final long HEADS = 100_000;
    /** hidden_size: the widest released models are near 25,000; 2^20 keeps 40x room. */
    static final long WIDTH = 1 << 20;
    /**
     * head_dim, a window group's head size, kv_lora_rank, qk_rope_head_dim: 65,536 (2^16). The largest released are
     * head_dim 256 and kv_lora_rank 512, and attention kernels top out far lower; the form, the validator and the
     * importer had 65,536, 1,048,576 and 1,000,000. The tightest was kept: it already bounded a window group's head size,
     * leaves 128x room over any real model and keeps per-token products far from overflow.
     */
    static final long HEAD_SIZE = 1 << 16;
    static final long CAPACITY_TOKENS = 1L << 40;
    static final long PARALLEL = 1024;
    /** Speculative tokens K per step (vLLM and SGLang run a handful; 64 is far past any published setting). */
    static final long SPECULATIVE_TOKENS = 64;
    /** LoRA slots on a GPU (vLLM and SGLang serve a few to a few hundred at once). */
    static final long LORAS = 4096;
    /** LoRA rank: vLLM's largest --max-lora-rank is 512 (config/lora.py MaxLoRARanks). */
    static final long LORA_RANK = 4096;
    /** LoRA adapters cached in host RAM. */
    static final long CPU_LORAS = 1_000_000;
    /** SGLang --hicache-ratio: the host pool as a multiple of the device pool. */
    static final long OFFLOAD_RATIO = 1000;
    static final long GPUS = 100_000;
    static final long NODES = 4096;

    private Limits() { }
}
