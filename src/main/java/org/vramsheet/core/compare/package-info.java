/**
 * A sheet's variants compared side by side (pure: no toolkit, no I/O). Uses {@code calc}, {@code curves},
 * {@code input}, {@code result}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.compare;
