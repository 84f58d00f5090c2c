package org.vramsheet.core.sheet;

/** SIGN-OFF: who prepared, reviewed and approved the sheet, with ISO dates. */
public record SignOff(String preparedBy, String preparedOn, String reviewedBy, String reviewedOn,
                      String approvedBy, String approvedOn, SignOffStatus status) {
    public SignOff {
        preparedBy = preparedBy == null ? "" : preparedBy;
        preparedOn = preparedOn == null ? "" : preparedOn;
        reviewedBy = reviewedBy == null ? "" : reviewedBy;
        reviewedOn = reviewedOn == null ? "" : reviewedOn;
        approvedBy = approvedBy == null ? "" : approvedBy;
        approvedOn = approvedOn == null ? "" : approvedOn;
        status = status == null ? SignOffStatus.DRAFT : status;
    }

    public static SignOff draft() { return new SignOff("", "", "", "", "", "", SignOffStatus.DRAFT); }

    // copy methods: an edit changes only the field it names

    public SignOff withPreparedBy(String preparedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withPreparedOn(String preparedOn) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withReviewedBy(String reviewedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withReviewedOn(String reviewedOn) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withApprovedBy(String approvedBy) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withApprovedOn(String approvedOn) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }

    public SignOff withStatus(SignOffStatus status) {
        return new SignOff(preparedBy, preparedOn, reviewedBy, reviewedOn, approvedBy, approvedOn, status);
    }
}
