package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.PdfReport;
import org.vramsheet.report.ReportData;

/**
 * Issue 26, point 5: verify on packed and broken PDFs. Seen: a 1.5 MB PDF whose attachment inflates to gigabytes used
 * 6 GB (at -Xmx256m it crashed in a second), one malformed PDF crashed verify, and PDFBox stack traces reached stderr on
 * 4 of 12 broken files. Now every stream inflates through a counting inflater (64 MiB each), a broken file is one line.
 */
class HostileReportTest {
    @TempDir
    Path dir;

    static byte[] report() throws IOException, WorksheetFormatException {
        var ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        return PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
    }

    /** Raw deflate data (with a zlib header) that inflates to {@code mib} MiB of zeros: one flushed block, repeated. */
    static byte[] zeros(int mib) {
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION, true);
        byte[] chunk = new byte[1 << 20];
        byte[] buf = new byte[1 << 16];
        d.setInput(chunk);
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        for (int n; (n = d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH)) > 0;) {
            first.write(buf, 0, n);
        }
        d.setInput(chunk);
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        for (int n; (n = d.deflate(buf, 0, buf.length, Deflater.FULL_FLUSH)) > 0;) {
            block.write(buf, 0, n);
        }
        d.finish();
        ByteArrayOutputStream end = new ByteArrayOutputStream();
        while (!d.finished()) {
            end.write(buf, 0, d.deflate(buf));
        }
        d.end();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x78);
        out.write(0xDA);
        out.writeBytes(first.toByteArray());
        for (int i = 1; i < mib; i++) {
            out.writeBytes(block.toByteArray()); // after a full flush a block needs nothing before it
        }
        out.writeBytes(end.toByteArray());
        return out.toByteArray();
    }

    /** The report with its attachment replaced by a FlateDecode stream of {@code data}. */
    static byte[] withAttachment(byte[] data) throws Exception {
        try (PDDocument doc = Loader.loadPDF(report())) {
            var fs = doc.getDocumentCatalog().getNames().getEmbeddedFiles().getNames().get(PdfReport.ATTACHMENT);
            COSStream s = doc.getDocument().createCOSStream();
            try (OutputStream o = s.createRawOutputStream()) {
                o.write(data);
            }
            s.setItem(COSName.FILTER, COSName.FLATE_DECODE);
            fs.setEmbeddedFile(new PDEmbeddedFile(s));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    @Test
    void aPackedAttachmentIsRefusedWithinASecond() throws Exception {
        byte[] packed = withAttachment(zeros(2048));
        assertTrue(packed.length < 3_000_000, packed.length + " bytes that inflate to 2 GiB");
        Path f = Files.write(dir.resolve("packed.pdf"), packed);
        HostileInputTest.run("verify", Files.write(dir.resolve("plain.pdf"), report()).toString()); // classes loaded
        long t = System.nanoTime();
        HostileInputTest.Run r = HostileInputTest.run("verify", f.toString());
        long ms = (System.nanoTime() - t) / 1_000_000;
        HostileInputTest.refused(r, "inflates to more than 64 MiB");
        assertTrue(ms < 1000, "refused in " + ms + " ms");
    }

    /** At -Xmx256m a packed attachment crashed verify in a second; now it is refused in one line, as on any heap. */
    @Test
    void aPackedAttachmentIsRefusedOnASmallHeap() throws Exception {
        Path f = Files.write(dir.resolve("packed.pdf"), withAttachment(zeros(4096)));
        Child c = child("-Xmx256m", f);
        assertEquals(List.of(2), c.codes(), c.all());
        assertTrue(c.err().get(0).contains("inflates to more than 64 MiB") && c.err().get(0).length() <= 300, c.all());
        assertTrue(c.seconds() < 30, c.seconds() + " s");
    }

    @Test
    void aPackedPageOrAnotherFilterIsRefused() throws Exception {
        byte[] packedPage;
        try (PDDocument doc = Loader.loadPDF(report())) {
            PDStream s = new PDStream(doc);
            try (OutputStream o = s.getCOSObject().createRawOutputStream()) {
                o.write(zeros(300));
            }
            s.getCOSObject().setItem(COSName.FILTER, COSName.FLATE_DECODE);
            doc.getPage(0).setContents(s);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            packedPage = out.toByteArray();
        }
        HostileInputTest.refused(HostileInputTest.run("verify", Files.write(dir.resolve("page.pdf"), packedPage).toString()),
                "inflates to more than 64 MiB");
        String raw = new String(report(), StandardCharsets.ISO_8859_1).replaceFirst("/Filter /FlateDecode", "/Filter /LZWDecode  ");
        Path lzw = Files.write(dir.resolve("lzw.pdf"), raw.getBytes(StandardCharsets.ISO_8859_1));
        HostileInputTest.refused(HostileInputTest.run("verify", lzw.toString()), "a VRAM Sheet report uses FlateDecode only");
    }

    /** Twelve broken files in one child JVM (as the command line runs): each is exit 1 or 2, one line, no stack trace. */
    @Test
    void brokenFilesAreOneLineEach() throws Exception {
        List<Path> files = new ArrayList<>();
        int k = 0;
        for (byte[] b : broken()) {
            files.add(Files.write(dir.resolve("broken" + k++ + ".pdf"), b));
        }
        Child c = child("-Xmx256m", files.toArray(Path[]::new));
        assertEquals(files.size(), c.codes().size(), c.all());
        for (int i = 0; i < files.size(); i++) {
            int code = c.codes().get(i);
            assertTrue(code == 1 || code == 2, "file " + i + ": exit " + code + "\n" + c.all());
        }
        assertTrue(c.err().size() <= files.size(), "at most one line a file on stderr:\n" + c.all());
        for (String line : c.lines()) {
            assertFalse(line.startsWith("\tat ") || line.strip().startsWith("at org.") || line.contains("Exception in thread")
                    || line.startsWith("ERROR ") || line.startsWith("WARN"), "no stack trace, no library log: " + line);
            assertTrue(line.length() <= 1000, line.length() + " characters");
        }
        assertTrue(c.seconds() < 60, c.seconds() + " s for " + files.size() + " files");
    }

    private static List<byte[]> broken() throws Exception {
        byte[] pdf = report();
        String raw = new String(pdf, StandardCharsets.ISO_8859_1);
        List<byte[]> out = new ArrayList<>();
        out.add(Arrays.copyOf(pdf, pdf.length / 3));
        out.add(Arrays.copyOf(pdf, pdf.length * 2 / 3));
        out.add(Arrays.copyOf(pdf, raw.lastIndexOf("startxref")));
        byte[] flipped = pdf.clone();
        Random rnd = new Random(26);
        for (int i = 0; i < 200; i++) {
            flipped[rnd.nextInt(flipped.length)] ^= (byte) 0xff;
        }
        out.add(flipped);
        out.add(latin1(raw.substring(0, raw.lastIndexOf("startxref")) + "startxref\n12345\n%%EOF\n"));
        out.add(latin1(raw.replaceFirst("/Type /Catalog", "/Type /Catalog ) ] >> <<")));
        out.add(latin1("%PDF-1.7\n1 0 obj\n" + "[".repeat(100_000) + "\nendobj\n"));
        out.add("not a PDF at all\n".getBytes(StandardCharsets.UTF_8));
        out.add(new byte[0]);
        out.add(olderReportWithBrokenOperators(pdf));
        out.add(latin1(raw.replaceFirst("/Type /ObjStm", "/Type /ObjStm /Filter [/LZWDecode /FlateDecode]")));
        out.add(latin1(raw.replaceFirst("/Type /XRef", "/Type /XRef /Encrypt 1 0 R")));
        return out;
    }

    private static byte[] latin1(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * A report as an earlier version made it (no recorded time, so its text is read by PDFTextStripper) whose page shows
     * text with operators missing their operands: PDFBox logged each with a stack trace to stderr.
     */
    private static byte[] olderReportWithBrokenOperators(byte[] pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            doc.getDocumentInformation().getCOSObject().removeItem(COSName.getPDFName("VRAMSheetGenerated"));
            PDStream s = new PDStream(doc);
            try (OutputStream o = s.createOutputStream(COSName.FLATE_DECODE)) {
                o.write("BT Tf 12 Td (x) Tj cm ET BT /F1 Tf 1 0 0 cm ET".getBytes(StandardCharsets.ISO_8859_1));
            }
            List<PDStream> streams = new ArrayList<>();
            doc.getPage(1).getContentStreams().forEachRemaining(streams::add);
            streams.add(s);
            doc.getPage(1).setContents(streams);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    /** What a child JVM printed: every line, the err lines, the exit code per file, and how long it took. */
    record Child(List<String> lines, List<String> err, List<Integer> codes, double seconds) {
        String all() {
            return String.join("\n", lines);
        }
    }

    static Child child(String heap, Path... files) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                "-cp", System.getProperty("java.class.path"), VerifyChild.class.getName()));
        for (Path f : files) {
            cmd.add(f.toString());
        }
        long t = System.nanoTime();
        Path out = Files.createTempFile("verify-out", ".txt");
        Path err = Files.createTempFile("verify-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child finished");
            double seconds = (System.nanoTime() - t) / 1e9;
            List<String> o = Files.readAllLines(out);
            List<String> e = Files.readAllLines(err).stream().filter(l -> !l.startsWith("=== ")).toList();
            List<Integer> codes = o.stream().filter(l -> l.startsWith("=== exit ")).map(l -> Integer.parseInt(l.substring(9)))
                    .toList();
            List<String> lines = new ArrayList<>(o);
            lines.addAll(Files.readAllLines(err));
            return new Child(lines, e, codes, seconds);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
