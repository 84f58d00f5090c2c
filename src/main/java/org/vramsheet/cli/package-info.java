/**
 * Headless commands over core, io and report; {@link org.vramsheet.cli.Cli#run} is the stable in-process
 * entry point. Uses {@code core}, {@code io}, {@code report}; never used by {@code ui}.
 */
package org.vramsheet.cli;
