/**
 * The JavaFX window. Views are thin; ViewModels call the calculators. Uses {@code core}, {@code io},
 * {@code report}; never {@code cli}.
 */
package org.vramsheet.ui;
