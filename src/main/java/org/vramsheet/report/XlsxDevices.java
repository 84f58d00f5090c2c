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
        b.fitLabels();
    }
}
