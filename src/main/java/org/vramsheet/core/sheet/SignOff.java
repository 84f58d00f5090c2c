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
}
