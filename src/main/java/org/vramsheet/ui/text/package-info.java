/**
 * The window's language: translations (texts_ru.txt) and how figures and numbers are written. Uses {@code core}.
 */
package org.vramsheet.ui.text;
