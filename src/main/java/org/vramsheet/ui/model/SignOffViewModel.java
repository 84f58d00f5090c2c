package org.vramsheet.ui.model;

import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;

/** SIGN-OFF section. */
public final class SignOffViewModel extends SectionViewModel {
    public final StringProperty preparedBy = watch(new SimpleStringProperty(""));
    public final StringProperty preparedOn = watch(new SimpleStringProperty(""));
    public final StringProperty reviewedBy = watch(new SimpleStringProperty(""));
    public final StringProperty reviewedOn = watch(new SimpleStringProperty(""));
    public final StringProperty approvedBy = watch(new SimpleStringProperty(""));
    public final StringProperty approvedOn = watch(new SimpleStringProperty(""));
    public final ObjectProperty<SignOffStatus> status = watch(new SimpleObjectProperty<>(SignOffStatus.DRAFT));
    /** Not typed by the user: set by approving and reopening (SignOffFlow). */
    private String approvedFingerprint = "";
    private List<SignOff.Approval> history = List.of();

    public void load(SignOff s) {
        preparedBy.set(s.preparedBy());
        preparedOn.set(s.preparedOn());
        reviewedBy.set(s.reviewedBy());
        reviewedOn.set(s.reviewedOn());
        approvedBy.set(s.approvedBy());
        approvedOn.set(s.approvedOn());
        approvedFingerprint = s.approvedFingerprint();
        history = s.history();
        status.set(s.status());
    }

    public SignOff snapshot() {
        return new SignOff(preparedBy.get(), preparedOn.get(), reviewedBy.get(), reviewedOn.get(), approvedBy.get(),
                approvedOn.get(), status.get(), approvedFingerprint, history);
    }
}
