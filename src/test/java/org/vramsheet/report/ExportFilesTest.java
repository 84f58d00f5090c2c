package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** Issue 16: export is all-or-nothing, and files get the permissions a normal save would give them. */
class ExportFilesTest {
    private static Worksheet sheet() throws Exception {
        return WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
    }

    /** Seen: a wrong key password made the export fail but left the XLSX written. */
    @Test
    void aWrongKeyPasswordLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Path key = SelfSigned.create(dir, "Signer", "right".toCharArray());
        Path xlsx = dir.resolve("r.xlsx");
        Path pdf = dir.resolve("r.pdf");
        var r = new ReportFiles.Request(xlsx, pdf, false, key, "wrong".toCharArray(), null);
        assertThrows(PdfSigner.SigningException.class, () -> ReportFiles.export(sheet(), "test", r, x -> { }));
        assertFalse(Files.exists(xlsx), "no XLSX without the PDF");
        assertFalse(Files.exists(pdf));
        try (var files = Files.list(dir)) {
            assertEquals(Set.of("signer.p12"), files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()),
                    "no temp file left behind");
        }
    }

    @Test
    void aFailedSecondFileRestoresTheFirst(@TempDir Path dir) throws Exception {
        Path xlsx = dir.resolve("r.xlsx");
        Files.write(xlsx, new byte[] {1, 2, 3});
        Path pdf = Files.createDirectories(dir.resolve("r.pdf")).resolve("x");
        Files.write(pdf, new byte[] {9});
        Path pdfTarget = dir.resolve("r.pdf"); // a non-empty folder: the move over it fails
        var r = new ReportFiles.Request(xlsx, pdfTarget, false, null, null, null);
        assertThrows(java.io.IOException.class, () -> ReportFiles.export(sheet(), "test", r, x -> { }));
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(xlsx), "the old XLSX is back");
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temp file left behind");
        }
    }

    /** Seen: exported PDF / XLSX and saved sheets were mode 0600 (a temp file's mode kept by the atomic move). */
    @Test
    void filesFollowTheUmaskAndAReplacedFileKeepsItsMode(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path probe = Files.createFile(dir.resolve("probe")); // what any new file gets here (0666 less the umask)
        Set<PosixFilePermission> normal = Files.getPosixFilePermissions(probe);
        Path xlsx = dir.resolve("r.xlsx");
        Path pdf = dir.resolve("r.pdf");
        ReportFiles.export(sheet(), "test", new ReportFiles.Request(xlsx, pdf, false, null, null, null), x -> { });
        assertEquals(normal, Files.getPosixFilePermissions(xlsx));
        assertEquals(normal, Files.getPosixFilePermissions(pdf));
        Path saved = dir.resolve("s.json");
        WorksheetJson.save(sheet(), saved);
        assertEquals(normal, Files.getPosixFilePermissions(saved));
        Files.setPosixFilePermissions(saved, PosixFilePermissions.fromString("rw-rw----"));
        WorksheetJson.save(sheet(), saved);
        assertEquals(PosixFilePermissions.fromString("rw-rw----"), Files.getPosixFilePermissions(saved), "kept on replace");
    }
}
