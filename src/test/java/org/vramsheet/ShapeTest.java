package org.vramsheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code's shape (STYLE.md, issue 12): no method or constructor over 60 lines, no parameter list over six (pass a
 * record instead; a record's own components are its data, not a parameter list), no class over 400 lines.
 */
class ShapeTest {
    static final int MAX_METHOD_LINES = 60;
    static final int MAX_PARAMETERS = 6;
    static final int MAX_CLASS_LINES = 400;

    /** Every rule broken in the sources under root, one line each. */
    static List<String> violations(Path root) throws IOException {
        JavaParser parser = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                CompilationUnit cu = parser.parse(f).getResult().orElseThrow(() -> new IOException("cannot parse " + f));
                for (TypeDeclaration<?> t : cu.findAll(TypeDeclaration.class)) {
                    int n = lines(t);
                    if (t.isTopLevelType() && n > MAX_CLASS_LINES) {
                        out.add(f.getFileName() + ": class " + t.getNameAsString() + " has " + n + " lines");
                    }
                }
                for (CallableDeclaration<?> m : cu.findAll(CallableDeclaration.class)) {
                    int n = lines(m);
                    if (n > MAX_METHOD_LINES) {
                        out.add(f.getFileName() + ": " + m.getNameAsString() + " has " + n + " lines");
                    }
                    if (m.getParameters().size() > MAX_PARAMETERS) {
                        out.add(f.getFileName() + ": " + m.getNameAsString() + " takes " + m.getParameters().size()
                                + " parameters");
                    }
                }
            }
        }
        return out;
    }

    private static int lines(com.github.javaparser.ast.Node n) {
        return n.getEnd().orElseThrow().line - n.getBegin().orElseThrow().line + 1;
    }

    @Test
    void mainCodeKeepsItsShape() throws IOException {
        assertEquals(List.of(), violations(Path.of("src/main/java")));
    }

    @Test
    void theRulesCatchABadShape(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        StringBuilder longMethod = new StringBuilder("class Bad {\n  void m(int a, int b, int c, int d, int e, int f, int g) {\n");
        for (int i = 0; i < 70; i++) {
            longMethod.append("    a++;\n");
        }
        longMethod.append("  }\n");
        for (int i = 0; i < 340; i++) {
            longMethod.append("  int f").append(i).append(";\n");
        }
        longMethod.append("}\n");
        Files.writeString(dir.resolve("Bad.java"), longMethod);
        List<String> v = violations(dir);
        assertEquals(3, v.size(), v.toString());
        assertTrue(v.get(0).contains("class Bad has"), v.toString());
    }
}
