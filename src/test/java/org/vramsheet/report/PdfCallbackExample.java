package org.vramsheet.report;

import java.io.IOException;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/** Deliberately bad (the report split's rule must catch it): a PDF part that calls back into PdfReport. */
final class PdfCallbackExample {
    private PdfCallbackExample() { }

    static byte[] again(ReportData d) throws IOException { return PdfReport.render(d, PDRectangle.A4); }
}
