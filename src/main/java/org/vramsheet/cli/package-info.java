/**
 * Headless commands over core, io and report; {@link org.vramsheet.cli.Cli#run} is the stable in-process
 * entry point. Never used by {@code ui}.
 */
package org.vramsheet.cli;
