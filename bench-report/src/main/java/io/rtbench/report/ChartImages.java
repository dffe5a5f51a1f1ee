package io.rtbench.report;

import java.awt.AWTError;
import java.awt.Color;
import java.io.IOException;
import java.util.Base64;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;

/**
 * Draws XChart charts off-screen into PNG {@code data:} URIs, so that the report is one file that works offline.
 * Headless: no display is needed, only the JDK's fonts (fontconfig and one font, e.g. Debian's fonts-dejavu-core).
 */
final class ChartImages {

    static final int WIDTH = 900;
    static final int HEIGHT = 380;

    private ChartImages() {}

    /** A plain look shared by every chart; the titles are HTML captions, so the image has none. */
    static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderVisible(false);
        styler.setChartTitleVisible(false);
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setAntiAlias(true);
    }

    /** Both axes from zero: a latency axis that starts elsewhere makes small differences look large. */
    static void fromZero(XYStyler styler) {
        styler.setXAxisMin(0.0).setYAxisMin(0.0);
    }

    /**
     * An XY chart of lines through markers of {@code markerSize} pixels (0: none), both axes from zero, in the shared
     * look.
     */
    static XYChart lineChart(String xAxisTitle, String yAxisTitle, int markerSize) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .xAxisTitle(xAxisTitle)
                .yAxisTitle(yAxisTitle)
                .build();
        style(chart.getStyler());
        fromZero(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(markerSize);
        return chart;
    }

    /** The chart as a figure, or a figure with a note when the JVM cannot draw (no fonts, broken AWT). */
    static <S extends Series> Figure figure(String title, Chart<?, S> chart, String note) {
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG);
            return new Figure(
                    title, "data:image/png;base64," + Base64.getEncoder().encodeToString(png), note);
        } catch (IOException | RuntimeException | AWTError | InternalError e) {
            // AWT reports a machine without usable fonts as an Error; one missing chart must not cost the report.
            String why = "chart not drawn: " + ResultLoader.firstLine(String.valueOf(e.getMessage()))
                    + " (the JVM needs fontconfig and a font, e.g. Debian's fonts-dejavu-core)";
            return Figure.missing(title, note == null ? why : note + "; " + why);
        }
    }
}
