/**
 * Engine startup logs (vLLM, SGLang, llama.cpp, TensorRT-LLM) parsed into a measurement. Uses {@code core}, {@code io}.
 */
package org.vramsheet.io.logs;
