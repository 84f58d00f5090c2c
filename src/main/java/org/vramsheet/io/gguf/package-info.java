/**
 * GGUF files (llama.cpp's model format) read into their metadata and tensor-info table without reading tensor data:
 * local files, split files and the Hub by HTTP Range; exact weight bytes and their -ngl split. Uses {@code io},
 * {@code hub}.
 */
package org.vramsheet.io.gguf;
