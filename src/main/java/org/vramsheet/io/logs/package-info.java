/**
 * Engine startup logs parsed into a measurement: one reader per engine (vLLM, SGLang, llama.cpp, TensorRT-LLM) behind
 * {@code EngineLogReader}, driven line by line by {@code EngineLogParser}. Uses {@code core}, {@code io}.
 */
package org.vramsheet.io.logs;
