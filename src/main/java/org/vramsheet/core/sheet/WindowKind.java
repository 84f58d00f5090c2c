package org.vramsheet.core.sheet;

/** Layers whose cache stops growing: a sliding window, or Llama 4 style chunked local attention. */
public enum WindowKind { SLIDING, CHUNKED }
