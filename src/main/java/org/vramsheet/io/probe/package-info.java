/**
 * Measuring a running engine (issue 18): the Prometheus text format of its {@code /metrics}, its OpenAI-compatible
 * endpoints, and a workload that raises concurrency until the engine preempts. Uses {@code core}, {@code io},
 * {@code io.json} (core for the sheet's numbers); talks to one origin only (no redirects followed, the API key never
 * sent elsewhere).
 */
package org.vramsheet.io.probe;
