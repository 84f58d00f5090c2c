/**
 * The planner: fewest GPUs per replica for each scenario and GPU choices side by side (SS-006).
 * Uses {@code calc}, {@code engine}, {@code kv}, {@code result}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.placement;
