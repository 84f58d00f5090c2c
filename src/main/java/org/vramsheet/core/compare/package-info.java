/** A sheet's variants compared side by side (pure: no toolkit, no I/O). */
package org.vramsheet.core.compare;
