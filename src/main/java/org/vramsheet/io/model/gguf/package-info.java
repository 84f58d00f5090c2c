/**
 * A GGUF model (llama.cpp's format) read into MODEL, WEIGHTS and KV ARCHITECTURE and into llama.cpp's own
 * hyperparameters, by llama.cpp's rules for each architecture; the local files, split folders and Hub files it comes
 * from; the catalog's GGUF entries, read back from published llama.cpp logs' metadata dumps. Uses {@code core},
 * {@code io}, {@code io.catalog}, {@code io.gguf}, {@code io.hub}, {@code io.json}, {@code io.model}.
 */
package org.vramsheet.io.model.gguf;
