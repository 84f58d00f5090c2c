/**
 * The registry of engine modules ({@code Engines}), the sheet's resolved engine settings ({@code EngineDefaults}),
 * the pre-launch non-KV estimate. Uses {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine;
