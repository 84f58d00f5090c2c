/**
 * The built-in model and GPU catalogs (resources under org/vramsheet/catalog). Uses {@code core}, {@code io.json}.
 */
package org.vramsheet.io.catalog;
