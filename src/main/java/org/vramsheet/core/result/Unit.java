package org.vramsheet.core.result;

/** What a figure counts; bytes are always exact and shown in GB and GiB. */
public enum Unit { BYTES, TOKENS, SEQUENCES, BLOCKS, PARAMS, RATIO, FLAG, GPUS, REPLICAS, COUNT, BITS }
