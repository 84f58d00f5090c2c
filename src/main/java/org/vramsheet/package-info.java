/**
 * VRAM Sheet: the {@code Launcher} (the jar's entry point: a subcommand runs the CLI headless, anything else opens
 * the window) above the rooms {@code core}, {@code io}, {@code report}, {@code cli} and {@code ui}. Uses {@code cli}
 * and {@code ui}.
 */
package org.vramsheet;
