/**
 * Deliberately bad classes, one per ArchitectureTest rule, so that its self-test can show each rule fires.
 * Nothing else uses them.
 */
package org.vramsheet.archbad;
