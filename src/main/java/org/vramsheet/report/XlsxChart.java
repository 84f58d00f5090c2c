package org.vramsheet.report;

import java.util.List;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xddf.usermodel.PresetLineDash;
import org.apache.poi.xddf.usermodel.XDDFColor;
import org.apache.poi.xddf.usermodel.XDDFLineProperties;
import org.apache.poi.xddf.usermodel.XDDFPresetLineDash;
import org.apache.poi.xddf.usermodel.XDDFShapeProperties;
import org.apache.poi.xddf.usermodel.XDDFSolidFillProperties;
import org.apache.poi.xddf.usermodel.chart.AxisPosition;
import org.apache.poi.xddf.usermodel.chart.ChartTypes;
import org.apache.poi.xddf.usermodel.chart.LegendPosition;
import org.apache.poi.xddf.usermodel.chart.MarkerStyle;
import org.apache.poi.xddf.usermodel.chart.XDDFCategoryAxis;
import org.apache.poi.xddf.usermodel.chart.XDDFChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFDataSourcesFactory;
import org.apache.poi.xddf.usermodel.chart.XDDFLineChartData;
import org.apache.poi.xddf.usermodel.chart.XDDFNumericalDataSource;
import org.apache.poi.xddf.usermodel.chart.XDDFValueAxis;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFDrawing;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.ScenarioId;

/**
 * The "Chart data" sheet: KV memory of each scenario against context, and the KV pool, as formulas over the
 * Worksheet's inputs where the layout has formulas (so the chart follows an edited input), with a native line chart
 * whose series have visible lines and markers in one fixed colour each (LibreOffice draws a series with no line
 * properties as "none").
 */
final class XlsxChart {
    private static final byte[][] COLOURS = {{(byte) 46, (byte) 110, (byte) 222}, {(byte) 224, (byte) 138, (byte) 31},
        {(byte) 199, (byte) 46, (byte) 46}, {(byte) 31, (byte) 138, (byte) 77}};

    private XlsxChart() { }

    /**
     * Writes the "Chart data" sheet; the returned step draws the chart once the workbook's formulas have cached values
     * (the chart's own caches are read from them, not evaluated again cell by cell).
     */
    static Runnable write(XSSFWorkbook wb, ReportData d, boolean paged, boolean simple) {
        XSSFSheet data = wb.createSheet("Chart data");
        Curves.Charts ch = d.charts;
        Row h = data.createRow(0);
        h.createCell(0).setCellValue("Context (tokens)");
        if (ch == null) {
            h.createCell(1).setCellValue("Chart unavailable: the pool or the workloads are not available");
            return () -> { };
        }
        List<Curves.Series> series = ch.kvSeries();
        for (int s = 0; s < series.size(); s++) {
            h.createCell(s + 1).setCellValue(series.get(s).name() + " KV (GiB)");
        }
        int poolCol = series.size() + 1;
        h.createCell(poolCol).setCellValue("KV pool (GiB)");
        int n = series.isEmpty() ? 0 : series.get(0).points().size();
        var twoPlaces = wb.createCellStyle();
        twoPlaces.setDataFormat(wb.createDataFormat().getFormat("#,##0.00"));
        var tokens = wb.createCellStyle();
        tokens.setDataFormat(wb.createDataFormat().getFormat("#,##0"));
        for (int i = 0; i < n; i++) {
            Row r = data.createRow(i + 1);
            r.createCell(0).setCellValue(series.get(0).points().get(i).x());
            for (int s = 0; s < series.size(); s++) {
                String f = formula(d, series.get(s).name(), "A" + (i + 2), paged, simple);
                if (f != null) {
                    r.createCell(s + 1).setCellFormula(f);
                } else {
                    r.createCell(s + 1).setCellValue(series.get(s).points().get(i).y() / 1073741824.0);
                }
            }
            if (paged || simple) {
                r.createCell(poolCol).setCellFormula("PoolReplica/1073741824");
            } else {
                r.createCell(poolCol).setCellValue(ch.poolBytes() / 1073741824.0);
            }
            r.getCell(0).setCellStyle(tokens);
            for (int c = 1; c <= poolCol; c++) {
                r.getCell(c).setCellStyle(twoPlaces);
            }
        }
        if (!paged && !simple) {
            data.createRow(n + 2).createCell(0).setCellValue("Values from the app: this layout has no formulas in the workbook");
        }
        for (int c = 0; c <= poolCol; c++) {
            data.setColumnWidth(c, 16 * 256);
        }
        return n > 0 ? () -> draw(data, series, n, poolCol) : () -> { };
    }

    /** The scenario's physical KV at context {@code x} in GiB, as the Worksheet's formulas compute it; null: no formula. */
    private static String formula(ReportData d, String name, String x, boolean paged, boolean simple) {
        ScenarioId id = null;
        for (ScenarioId s : ScenarioId.values()) {
            if (name.equals(s.label()) || name.startsWith(s.label() + " (")) {
                id = s;
            }
        }
        if (id == null || d.sheet.workloads().get(id).explicit()) {
            return null;
        }
        String seqs = id.label() + "_Seqs";
        if (paged) {
            return "(" + seqs + "*(GroupsFull*ROUNDUP(" + x + "/BlockSize,0)+GroupsWin*MIN(ROUNDUP(" + x + "/BlockSize,0),"
                    + "ROUNDUP((WindowTokens-1)/BlockSize,0)+1))*Page*LayerGroup*Ranks)/1073741824";
        }
        if (simple) {
            String t = "ROUNDUP(" + x + "/BlockSize,0)*BlockSize";
            return "(" + seqs + "*(BytesLayerTokRank*FullRank*" + t + "+BytesLayerTokWinRank*WinRank*MIN(" + t
                    + ",WindowTokens)+StateRank)*Ranks)/1073741824";
        }
        return null;
    }

    private static void draw(XSSFSheet data, List<Curves.Series> series, int n, int poolCol) {
        XSSFDrawing drawing = data.createDrawingPatriarch();
        XSSFChart chart = drawing.createChart(drawing.createAnchor(0, 0, 0, 0, poolCol + 2, 1, poolCol + 14, 26));
        chart.setTitleText("KV cache against context length (GiB)");
        chart.setTitleOverlay(false);
        chart.getOrAddLegend().setPosition(LegendPosition.BOTTOM);
        XDDFCategoryAxis x = chart.createCategoryAxis(AxisPosition.BOTTOM);
        x.setTitle("context length per sequence (tokens, log-spaced)");
        XDDFValueAxis y = chart.createValueAxis(AxisPosition.LEFT);
        y.setTitle("GiB");
        XDDFNumericalDataSource<Double> xs = column(data, n, 0);
        XDDFChartData lines = chart.createData(ChartTypes.LINE, x, y);
        for (int s = 0; s <= series.size(); s++) {
            var ys = column(data, n, s + 1);
            XDDFChartData.Series sr = lines.addSeries(xs, ys);
            boolean pool = s == series.size();
            sr.setTitle(pool ? "KV pool" : series.get(s).name(), null);
            byte[] rgb = pool ? COLOURS[3] : COLOURS[colourOf(series.get(s).name())];
            XDDFLineProperties line = new XDDFLineProperties(new XDDFSolidFillProperties(XDDFColor.from(rgb)));
            line.setWidth(pool ? 1.5 : 2.25);
            PresetLineDash dash = dashOf(pool ? "pool" : series.get(s).name());
            if (dash != null) {
                line.setPresetDash(new XDDFPresetLineDash(dash));
            }
            XDDFShapeProperties props = new XDDFShapeProperties();
            props.setLineProperties(line);
            sr.setShapeProperties(props);
            if (sr instanceof XDDFLineChartData.Series ls) {
                ls.setMarkerStyle(pool ? MarkerStyle.NONE : MarkerStyle.CIRCLE);
                ls.setSmooth(false);
            }
        }
        // each series' plot() writes its references and caches; XDDFChart.plot would also build an embedded workbook
        for (int s = 0; s < lines.getSeriesCount(); s++) {
            lines.getSeries(s).plot();
        }
    }

    /** Rows 2..n+1 of a column: the reference the chart follows, with the cells' cached values as its cache. */
    private static XDDFNumericalDataSource<Double> column(XSSFSheet data, int n, int col) {
        Double[] values = new Double[n];
        for (int i = 0; i < n; i++) {
            var cell = data.getRow(i + 1).getCell(col);
            boolean number = cell.getCellType() == CellType.NUMERIC
                    || cell.getCellType() == CellType.FORMULA
                    && cell.getCachedFormulaResultType() == CellType.NUMERIC;
            values[i] = number ? cell.getNumericCellValue() : null; // an error result leaves a gap, as Excel draws it
        }
        String ref = new CellRangeAddress(1, n, col, col).formatAsString(data.getSheetName(), true);
        return XDDFDataSourcesFactory.fromArray(values, ref);
    }

    /** Each line's dash, as in the window and the PDF: Typical solid, Heavy long dashes, Limit dash-dot, the pool dashed. */
    static PresetLineDash dashOf(String name) {
        return name.equals("pool") ? PresetLineDash.DASH : name.startsWith("Heavy") ? PresetLineDash.LARGE_DASH
                : name.startsWith("Limit") ? PresetLineDash.LARGE_DASH_DOT : null;
    }

    /** One fixed colour per scenario, whatever else is on the chart (Typical blue, Heavy orange, Limit red). */
    static int colourOf(String scenario) {
        return scenario.startsWith("Heavy") ? 1 : scenario.startsWith("Limit") ? 2 : 0;
    }
}
