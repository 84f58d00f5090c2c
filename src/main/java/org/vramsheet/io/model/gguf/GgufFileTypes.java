package org.vramsheet.io.model.gguf;

import java.util.Map;

/**
 * {@code general.file_type}: llama.h's {@code llama_ftype} as gguf-py/gguf/constants.py {@code LlamaFileType} lists it
 * ("mostly" the type: small 1-D tensors stay F32). Only a label; the weight bytes come from the tensors.
 */
final class GgufFileTypes {
    private static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(0, "F32"), Map.entry(1, "F16"),
            Map.entry(2, "Q4_0"), Map.entry(3, "Q4_1"), Map.entry(7, "Q8_0"), Map.entry(8, "Q5_0"), Map.entry(9, "Q5_1"),
            Map.entry(10, "Q2_K"), Map.entry(11, "Q3_K_S"), Map.entry(12, "Q3_K_M"), Map.entry(13, "Q3_K_L"),
            Map.entry(14, "Q4_K_S"), Map.entry(15, "Q4_K_M"), Map.entry(16, "Q5_K_S"), Map.entry(17, "Q5_K_M"),
            Map.entry(18, "Q6_K"), Map.entry(19, "IQ2_XXS"), Map.entry(20, "IQ2_XS"), Map.entry(21, "Q2_K_S"),
            Map.entry(22, "IQ3_XS"), Map.entry(23, "IQ3_XXS"), Map.entry(24, "IQ1_S"), Map.entry(25, "IQ4_NL"),
            Map.entry(26, "IQ3_S"), Map.entry(27, "IQ3_M"), Map.entry(28, "IQ2_S"), Map.entry(29, "IQ2_M"),
            Map.entry(30, "IQ4_XS"), Map.entry(31, "IQ1_M"), Map.entry(32, "BF16"), Map.entry(36, "TQ1_0"),
            Map.entry(37, "TQ2_0"), Map.entry(38, "MXFP4_MOE"), Map.entry(39, "NVFP4"), Map.entry(40, "Q1_0"),
            Map.entry(1024, "GUESSED"));

    private GgufFileTypes() { }

    /** The name of a file type, or null when it is not one llama.h lists. */
    static String name(int id) { return NAMES.get(id); }
}
