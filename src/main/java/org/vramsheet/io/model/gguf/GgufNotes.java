package org.vramsheet.io.model.gguf;

import java.util.ArrayList;
import java.util.List;

/** What a GGUF import read ("detected"), had to assume, and warns about, in the order it found them. */
record GgufNotes(List<String> detected, List<String> assumed, List<String> warnings) {
    GgufNotes() {
        this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    void detect(String s) { detected.add(s); }

    void assume(String s) { assumed.add(s); }

    void warn(String s) { warnings.add(s); }
}
