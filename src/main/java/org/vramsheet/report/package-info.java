/**
 * XLSX and PDF reports and their verification, fed by core's results (they never recompute a number).
 * Uses {@code core}, {@code io}.
 */
package org.vramsheet.report;
