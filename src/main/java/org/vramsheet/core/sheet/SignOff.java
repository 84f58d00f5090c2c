package org.vramsheet.core.sheet;

import java.util.List;

/**
 * SIGN-OFF: who prepared, reviewed and approved the sheet, with ISO dates, and its state (see {@link SignOffFlow}).
 *
 * @param approvedFingerprint the SHA-256 of the sheet's content (every section but SIGN-OFF) when it was approved;
 *                            empty for a Draft
 * @param history             earlier approvals, oldest first, each closed by a "Reopen as Draft"
 */
public record SignOff(String preparedBy, String preparedOn, String reviewedBy, String reviewedOn,
                      String approvedBy, String approvedOn, SignOffStatus status, String approvedFingerprint,
                      List<Approval> history) {
    /** An approval that was reopened: who approved which content (fingerprint) on which day, and when it was reopened. */
    public record Approval(String approvedBy, String approvedOn, String fingerprint, String reopenedOn) {
        public Approval {
            approvedBy = approvedBy == null ? "" : approvedBy;
            approvedOn = approvedOn == null ? "" : approvedOn;
            fingerprint = fingerprint == null ? "" : fingerprint;
            reopenedOn = reopenedOn == null ? "" : reopenedOn;
        }
    }

    public SignOff {
        preparedBy = preparedBy == null ? "" : preparedBy;
        preparedOn = preparedOn == null ? "" : preparedOn;
        reviewedBy = reviewedBy == null ? "" : reviewedBy;
        reviewedOn = reviewedOn == null ? "" : reviewedOn;
        approvedBy = approvedBy == null ? "" : approvedBy;
        approvedOn = approvedOn == null ? "" : approvedOn;
        status = status == null ? SignOffStatus.DRAFT : status;
        approvedFingerprint = approvedFingerprint == null ? "" : approvedFingerprint;
        history = history == null ? List.of() : List.copyOf(history);
    }

    public static SignOff draft() { return new SignOff("", "", "", "", "", "", SignOffStatus.DRAFT, "", List.of()); }

    // copy methods: an edit changes only the field it names

    public SignOff withPreparedBy(String preparedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withReviewedBy(String reviewedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withReviewedOn(String reviewedOn) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withApprovedBy(String approvedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withApprovedOn(String approvedOn) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withStatus(SignOffStatus status) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withApprovedFingerprint(String approvedFingerprint) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }

    public SignOff withHistory(List<Approval> history) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status, approvedFingerprint, history);
    }
}
