package org.vramsheet.io.ollama;

/** Something in an Ollama model store, name or Modelfile that cannot be used: the message names the part and why. */
public final class OllamaStoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public OllamaStoreException(String message) {
        super(message);
    }

    public OllamaStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
