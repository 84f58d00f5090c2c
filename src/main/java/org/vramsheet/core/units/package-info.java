/**
 * Byte and count arithmetic and its display: GB (10^9) against GiB (2^30), exact parsing of sizes. Uses nothing else.
 */
package org.vramsheet.core.units;
