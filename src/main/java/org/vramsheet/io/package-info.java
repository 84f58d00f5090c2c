/**
 * Reading and writing the outside world: worksheet files, model configs and checkpoints, the Hub, engine
 * logs. May use {@code core}; never JavaFX.
 */
package org.vramsheet.io;
