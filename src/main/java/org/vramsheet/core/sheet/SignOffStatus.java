package org.vramsheet.core.sheet;

/** SIGN-OFF status: an Approved sheet is read-only until reopened as Draft. */
public enum SignOffStatus { DRAFT, APPROVED }
