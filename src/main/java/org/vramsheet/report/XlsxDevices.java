package org.vramsheet.report;

import java.util.List;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;

/**
 * The XLSX report's "Devices" sheet (llama.cpp): a column per GPU and the host, a row per buffer in GiB (the app's
 * values: llama.cpp's placement is not a spreadsheet formula), then the verdict figures. Absent for an engine that places
 * no memory per device.
 */
final class XlsxDevices {
    private XlsxDevices() { }

    /** VALIDATION PER DEVICE: a row per buffer an applied log printed, measured and the sheet's figure against it. */
    private static void measured(XlsxBook b, ReportData d) {
        List<String> keys = DeviceRows.measured(d.result);
        if (keys.isEmpty()) {
            return;
        }
        b.row++;
        Row top = b.next();
        top.createCell(0).setCellValue("VALIDATION PER DEVICE (the applied log against the sheet)");
        top.getCell(0).setCellStyle(b.heading);
        Row head = b.next();
        head.createCell(1).setCellValue("measured");
        head.createCell(2).setCellValue("the sheet against it");
        for (String k : keys) {
            Figure m = d.result.figures().get(k);
            Figure a = DeviceRows.against(d.result, k);
            Row r = b.next();
            r.createCell(0).setCellValue(m.label().replace(", measured", ""));
            XlsxBook.put(r.createCell(1), d.shortText(m));
            XlsxBook.put(r.createCell(2), a == null ? "-" : a.available() ? d.shortText(a) : "not compared: " + a.reason());
        }
        Figure stale = d.figure(FigureKey.VALIDATION_STALE_DEVICES);
        if (stale != null && stale.isTrue()) {
            b.text(stale.label(), stale.provenance().expression());
        }
    }

    static void write(XSSFWorkbook wb, ReportData d) {
        List<String> devices = DeviceRows.devices(d.result);
        if (devices.isEmpty()) {
            return;
        }
        XlsxBook b = new XlsxBook(wb, "Devices");
        Row top = b.next();
        top.createCell(0).setCellValue("RUNTIME PER DEVICE (" + d.sheet.runtime().engine().label() + ", the app's values)");
        top.getCell(0).setCellStyle(b.heading);
        b.row++;
        Row head = b.next();
        for (int i = 0; i < devices.size(); i++) {
            head.createCell(i + 1).setCellValue(DeviceRows.title(devices.get(i)));
            head.getCell(i + 1).setCellStyle(b.heading);
            b.sheet.setColumnWidth(i + 1, 16 * 256);
        }
        for (String row : DeviceRows.rows(d.result)) {
            Row r = b.next();
            boolean bytes = !row.equals("layers");
            r.createCell(0).setCellValue(DeviceRows.label(d.result, devices, row) + (bytes ? " (GiB)" : ""));
            for (int i = 0; i < devices.size(); i++) {
                Figure f = DeviceRows.figure(d.result, devices.get(i), row);
                var cell = r.createCell(i + 1);
                if (f == null) {
                    XlsxBook.put(cell, "-");
                } else if (bytes && f.available()) {
                    cell.setCellValue(f.value() / (double) Units.GIB);
                    cell.setCellStyle(b.gib);
                } else {
                    XlsxBook.put(cell, d.shortText(f));
                }
            }
        }
        b.row++;
        for (FigureKey k : DeviceRows.summary(d.result)) {
            Figure f = d.figure(k);
            b.text(f.label(), f.unit() == Unit.BYTES || !f.available() ? d.text(f) : d.shortText(f));
        }
        measured(b, d);
        b.fitLabels();
    }
}
