/**
 * The worksheet's inputs: immutable records and enums, one per SS-007 section ({@link org.vramsheet.core.sheet.Worksheet}
 * holds them all), with copy methods ({@code withX}) so an edit changes only the fields it owns. Uses nothing
 * else of the project.
 */
package org.vramsheet.core.sheet;
