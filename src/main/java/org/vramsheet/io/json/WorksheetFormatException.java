package org.vramsheet.io.json;

import org.vramsheet.io.Messages;

/** A worksheet file that cannot be read: the message is one line naming the file, field and reason. */
public class WorksheetFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public WorksheetFormatException(String message, Throwable cause) {
        super(Messages.oneLine(message), cause);
    }
}
