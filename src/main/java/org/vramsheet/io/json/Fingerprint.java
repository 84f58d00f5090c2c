package org.vramsheet.io.json;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.Worksheet;

/** The SHA-256 of a worksheet's canonical JSON: what every report page prints, and what verify checks. */
public final class Fingerprint {
    private Fingerprint() { }

    public static String of(Worksheet ws) {
        return of(WorksheetJson.write(ws));
    }

    /** The fingerprint of what a sign-off approves: every section but SIGN-OFF itself. */
    public static String ofContent(Worksheet ws) {
        return of(ws.withSignOff(SignOff.draft()));
    }

    /**
     * Whether a recorded approval fingerprint is this sheet's content: in the current canonical form, or in the form of
     * the earlier schema version it was recorded under, when that version can hold the sheet exactly (a key added
     * since, set to anything but its absent value, is content the old fingerprint never covered).
     */
    public static boolean contentMatches(Worksheet ws, String fingerprint) {
        Worksheet content = ws.withSignOff(SignOff.draft());
        for (int v = WorksheetJson.SCHEMA_VERSION; v >= 2; v--) {
            if (WorksheetJson.representable(content, v) && of(WorksheetJson.writeAs(content, v)).equals(fingerprint)) {
                return true;
            }
        }
        return false;
    }

    public static String of(String canonicalJson) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(d.digest(canonicalJson.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
