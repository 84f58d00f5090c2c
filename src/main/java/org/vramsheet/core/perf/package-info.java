/**
 * The pre-launch latency and throughput estimate (issue 29): a roofline of one decode step and of a prompt's prefill on
 * the GPU's bandwidth and tensor rate, with the tensor-parallel all-reduces, at stated and editable utilizations. Pure:
 * no I/O, no toolkit. Uses {@code result}, {@code sheet}.
 */
package org.vramsheet.core.perf;
