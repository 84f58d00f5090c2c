package org.vramsheet.report;

import java.util.Map;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Calendar;
import java.util.Locale;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.color.PDOutputIntent;
import org.vramsheet.io.json.Fingerprint;

/** The PDF's archive side: page footers, the attached worksheet, and the PDF/A-3b metadata and output intent. */
final class PdfArchive {
    /** The name of the attached worksheet. */
    static final String ATTACHMENT = "worksheet.json";

    private PdfArchive() { }

    static void footers(PDDocument doc, PDType0Font font, ReportData d) throws IOException {
        int n = doc.getNumberOfPages();
        for (int i = 0; i < n; i++) {
            PDPage p = doc.getPage(i);
            try (PDPageContentStream cs = new PDPageContentStream(doc, p, PDPageContentStream.AppendMode.APPEND, true)) {
                cs.beginText();
                cs.setFont(font, 7);
                cs.setNonStrokingColor(PdfPalette.MUTED[0], PdfPalette.MUTED[1], PdfPalette.MUTED[2]);
                cs.newLineAtOffset(PdfCanvas.MARGIN, 24);
                cs.showText("Fingerprint: " + d.fingerprint + "   VRAM Sheet " + d.version + "   Page " + (i + 1) + " of " + n);
                cs.endText();
            }
        }
    }

    static void attach(PDDocument doc, ReportData d, Calendar when) throws IOException {
        byte[] json = d.json.getBytes(StandardCharsets.UTF_8);
        PDEmbeddedFile ef = new PDEmbeddedFile(doc, new ByteArrayInputStream(json));
        ef.setSubtype("application/json");
        ef.setSize(json.length);
        ef.setCreationDate(when);
        ef.setModDate(when);
        PDComplexFileSpecification fs = new PDComplexFileSpecification();
        fs.setFile(ATTACHMENT);
        fs.setFileUnicode(ATTACHMENT);
        fs.setEmbeddedFile(ef);
        fs.setEmbeddedFileUnicode(ef);
        fs.setFileDescription("The worksheet this report was made from (VRAM Sheet JSON)");
        fs.getCOSObject().setName(COSName.getPDFName("AFRelationship"), "Source");
        PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
        tree.setNames(Map.of(ATTACHMENT, fs));
        PDDocumentCatalog cat = doc.getDocumentCatalog();
        PDDocumentNameDictionary names = new PDDocumentNameDictionary(cat);
        names.setEmbeddedFiles(tree);
        cat.setNames(names);
        COSArray af = new COSArray();
        af.add(fs);
        cat.getCOSObject().setItem(COSName.getPDFName("AF"), af);
    }

    static void archival(PDDocument doc, ReportData d, Calendar now) throws IOException {
        PDDocumentInformation info = doc.getDocumentInformation();
        String model = d.sheet.model().modelId();
        // PDF/A keeps strings under 32,767 bytes; a title is read in a window's title bar
        String title = "VRAM sizing report: " + PdfCanvas.clip(model, 200);
        info.setTitle(title);
        info.setCreator("VRAM Sheet " + d.version);
        info.setProducer("VRAM Sheet " + d.version + " (Apache PDFBox)");
        info.setSubject("SS-007 worksheet " + d.fingerprint);
        info.setCreationDate(now);
        info.setCustomMetadataValue(PrintedText.GENERATED_KEY, d.generatedAt);
        info.setModificationDate(now);
        String date = String.format(Locale.ROOT, "%tFT%<tT%<tz", now).replaceAll("(\\d\\d)(\\d\\d)$", "$1:$2");
        String xmp = "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                + "<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">"
                + "<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
                + "<dc:format>application/pdf</dc:format><dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml(title)
                + "</rdf:li></rdf:Alt></dc:title><dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">SS-007 worksheet "
                + d.fingerprint + "</rdf:li></rdf:Alt></dc:description></rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"><xmp:CreatorTool>VRAM Sheet "
                + xml(d.version) + "</xmp:CreatorTool><xmp:CreateDate>" + date + "</xmp:CreateDate><xmp:ModifyDate>" + date
                + "</xmp:ModifyDate></rdf:Description>\n"
                + "<rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"><pdf:Producer>VRAM Sheet "
                + xml(d.version) + " (Apache PDFBox)</pdf:Producer></rdf:Description>\n"
                + "</rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>";
        PDMetadata meta = new PDMetadata(doc);
        meta.importXMPMetadata(xmp.getBytes(StandardCharsets.UTF_8));
        doc.getDocumentCatalog().setMetadata(meta);
        byte[] icc = ICC_Profile.getInstance(ColorSpace.CS_sRGB).getData();
        PDOutputIntent oi = new PDOutputIntent(doc, new ByteArrayInputStream(icc));
        oi.setInfo("sRGB IEC61966-2.1");
        oi.setOutputCondition("sRGB IEC61966-2.1");
        oi.setOutputConditionIdentifier("sRGB IEC61966-2.1");
        oi.setRegistryName("http://www.color.org");
        doc.getDocumentCatalog().addOutputIntent(oi);
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
