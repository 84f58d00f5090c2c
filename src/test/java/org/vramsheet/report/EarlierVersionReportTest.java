package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A sheet approved, and a report exported, by the previous release (schemaVersion 2) stay approved and verified after
 * schemaVersion 3 added fields: the approval fingerprint is checked in the form it was recorded in, and only while the
 * added fields hold what their absence meant. Both fixtures were made by the commit before version 3 (26f7232).
 */
class EarlierVersionReportTest {

    @Test
    void aVersionTwoApprovalStillMatchesItsContent() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v2-approved-gemma3.json"));
        assertEquals(SignOffStatus.APPROVED, ws.signOff().status());
        String fp = ws.signOff().approvedFingerprint();
        assertTrue(Fingerprint.contentMatches(ws, fp), "approved under version 2, still this content");
        assertFalse(fp.equals(Fingerprint.ofContent(ws)), "the current canonical form differs: the match is the v2 form");
        assertFalse(Fingerprint.contentMatches(ws.withWeights(ws.weights().toBuilder().encoderParams(1L).build()), fp),
                "a field version 3 added, set to a value, is a change the old fingerprint never covered");
        assertFalse(Fingerprint.contentMatches(ws.withRuntime(ws.runtime().toBuilder().nodes(2).build()), fp));
        assertFalse(Fingerprint.contentMatches(ws.withRuntime(ws.runtime().toBuilder().utilization(0.5).build()), fp), "an edit");
        assertTrue(ws.runtime().nonTorchBytes() != null, "an approved sheet keeps the numbers it was approved with");
    }

    @Test
    void aReportTheEarlierReleaseExportedVerifies() throws Exception {
        byte[] pdf = Files.readAllBytes(Path.of("src/test/resources/reports/v2-approved-gemma3.pdf"));
        var r = ReportVerifier.verify(pdf, "test");
        assertTrue(r.ok(), String.join("\n", r.lines()));
        assertTrue(r.lines().stream().anyMatch(l -> l.startsWith("OK   approved by C. Lead")), String.join("\n", r.lines()));
    }
}
