package org.vramsheet.core.sheet;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Sign-off as a state machine. Draft -> Approved needs every sign-off field (prepared, reviewed and approved by,
 * with ISO dates) and records the fingerprint of the content it approves; an Approved sheet is read-only;
 * "Reopen as Draft" keeps the approval in the history and clears the review and the approval. Any edit of an
 * Approved sheet's content (CLI commands that write a sheet) gives a Draft.
 *
 * The fingerprint is the SHA-256 of the canonical JSON of the sheet without its SIGN-OFF section, computed by the
 * caller (io.json.Fingerprint.ofContent); core does no I/O and no JSON.
 */
public final class SignOffFlow {
    /** What approving and reopening own; every other field of the sheet is kept. */
    public static final Set<String> OWNS = Set.of("signOff.*");

    private SignOffFlow() { }

    /** The fields approval still needs, as "field: reason" (empty when the sheet can be approved). */
    public static List<String> missingForApproval(SignOff s) {
        List<String> out = new ArrayList<>();
        need(out, "signOff.preparedBy", "Prepared by", s.preparedBy(), false);
        need(out, "signOff.preparedOn", "Prepared on", s.preparedOn(), true);
        need(out, "signOff.reviewedBy", "Reviewed by", s.reviewedBy(), false);
        need(out, "signOff.reviewedOn", "Reviewed on", s.reviewedOn(), true);
        need(out, "signOff.approvedBy", "Approved by", s.approvedBy(), false);
        need(out, "signOff.approvedOn", "Approved on", s.approvedOn(), true);
        return out;
    }

    private static void need(List<String> out, String field, String label, String value, boolean date) {
        if (value.isBlank()) {
            out.add("SIGN-OFF › " + label + ": needed to approve");
        } else if (date && !isDate(value)) {
            out.add("SIGN-OFF › " + label + ": not a date (YYYY-MM-DD)");
        }
    }

    private static boolean isDate(String s) {
        try {
            LocalDate.parse(s.trim());
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Approves the sheet, recording the content fingerprint; refused (IllegalStateException) while fields are missing. */
    public static Worksheet approve(Worksheet ws, String contentFingerprint) {
        List<String> missing = missingForApproval(ws.signOff());
        if (!missing.isEmpty()) {
            throw new IllegalStateException(String.join("; ", missing));
        }
        if (contentFingerprint == null || contentFingerprint.isBlank()) {
            throw new IllegalArgumentException("an approval records the content's fingerprint");
        }
        return ws.withSignOff(ws.signOff().withStatus(SignOffStatus.APPROVED).withApprovedFingerprint(contentFingerprint));
    }

    /** Reopens as Draft: the approval goes to the history (reopened on {@code today}); review and approval are cleared. */
    public static Worksheet reopen(Worksheet ws, String today) {
        SignOff s = ws.signOff();
        if (s.status() != SignOffStatus.APPROVED) {
            return ws;
        }
        List<SignOff.Approval> history = new ArrayList<>(s.history());
        history.add(new SignOff.Approval(s.approvedBy(), s.approvedOn(), s.approvedFingerprint(), today));
        return ws.withSignOff(s.withStatus(SignOffStatus.DRAFT).withApprovedFingerprint("").withReviewedBy("")
                .withReviewedOn("").withApprovedBy("").withApprovedOn("").withHistory(history));
    }

    /** A sheet a command changed and writes: an Approved input is written as a Draft (its approval no longer holds). */
    public static Worksheet edited(Worksheet before, Worksheet after, String today) {
        if (before.signOff().status() != SignOffStatus.APPROVED) {
            return after;
        }
        return reopen(after.withSignOff(before.signOff()), today);
    }

    /** The invariant: an Approved sheet carries the fingerprint of exactly its content. */
    public static boolean consistent(Worksheet ws, String contentFingerprint) {
        SignOff s = ws.signOff();
        return s.status() != SignOffStatus.APPROVED || s.approvedFingerprint().equals(contentFingerprint);
    }
}
