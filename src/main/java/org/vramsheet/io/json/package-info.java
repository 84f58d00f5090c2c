/**
 * Worksheet files: JSON reading (with migration of every schemaVersion) and writing, result JSON for the
 * CLI, atomic writes and the canonical fingerprint. Uses {@code core}, {@code io}.
 */
package org.vramsheet.io.json;
