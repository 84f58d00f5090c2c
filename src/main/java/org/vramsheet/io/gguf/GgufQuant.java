package org.vramsheet.io.gguf;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The quantization a GGUF file's name says, read the way the Hub names it (huggingface.js
 * packages/tasks/src/gguf.ts {@code parseGGUFQuantLabel}): the name in capitals, the last place where one of llama.cpp's
 * file-type names stands ({@code llama_ftype}, gguf-py/gguf/constants.py {@code LlamaFileType}, plus the Hub's
 * {@code UD-} prefix and the {@code _XL} mixes it lists), with an optional size variation after it ({@code _L}).
 * "Q4_K_M" in "Qwen3-8B-Q4_K_M.gguf"; "UD-Q4_K_XL" in "gemma-3-27b-it-UD-Q4_K_XL.gguf". Only a label: the weight bytes
 * come from the file's tensors once it is read.
 */
public final class GgufQuant {
    /** File-type names, longest first so that Q4_K_M is not read as a shorter name. */
    static final List<String> NAMES = List.of("F32", "F16", "BF16", "Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q8_0", "Q2_K", "Q2_K_S",
            "Q3_K_S", "Q3_K_M", "Q3_K_L", "Q4_K_S", "Q4_K_M", "Q5_K_S", "Q5_K_M", "Q6_K", "IQ1_S", "IQ1_M", "IQ2_XXS", "IQ2_XS",
            "IQ2_S", "IQ2_M", "IQ3_XXS", "IQ3_XS", "IQ3_S", "IQ3_M", "IQ4_NL", "IQ4_XS", "TQ1_0", "TQ2_0", "MXFP4_MOE", "MXFP4",
            "NVFP4", "Q2_K_XL", "Q3_K_XL", "Q4_K_XL", "Q5_K_XL", "Q6_K_XL", "Q8_K_XL");
    private static final Pattern QUANT = Pattern.compile("(UD-)?(" + NAMES.stream()
            .sorted(Comparator.comparingInt(String::length).reversed()).collect(Collectors.joining("|")) + ")(_[A-Z]+)?");

    private GgufQuant() { }

    /** The quantization in a file name, or null when it names none. */
    public static String of(String fileName) {
        Matcher m = QUANT.matcher(fileName.toUpperCase(Locale.ROOT));
        String last = null;
        while (m.find()) {
            last = m.group();
        }
        return last;
    }
}
