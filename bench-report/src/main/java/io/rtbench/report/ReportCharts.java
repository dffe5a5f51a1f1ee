package io.rtbench.report;

import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.metrics.Metrics;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The charts of the report, built from the runs and drawn by {@link ChartImages}. */
final class ReportCharts {

    /** Percentile iteration resolution: ticks per halving of the distance to 100 %, as HdrHistogram's own plots. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;

    /** The x axis of every chart against the achieved rate. */
    static final String RATE_AXIS = "achieved ingest rate (MB/s)";

    /** One colour per stage in every chart, so that the charts of two runs read alike. */
    private static final Map<String, Color> STAGE_COLORS = Map.of(
            Metrics.PRODUCE_ACK, new Color(0x4C72B0),
            Metrics.KAFKA_HOP, new Color(0xDD8452),
            Metrics.SINK_WRITE, new Color(0x8172B3),
            Metrics.QUERY, new Color(0x55A868),
            Metrics.DATA, new Color(0xC44E52));

    /** Why a chart versus achieved MB/s has no point. */
    static final String NOTHING_VERSUS_RATE =
            "no step has data latency samples and an achieved rate in MB/s (the null target shows no event; a"
                    + " bridge or an evaluator on its own counts no bytes)";

    private ReportCharts() {}

    /**
     * Data latency at {@code percentile} versus achieved MB/s: one series per target × batch size × result file, one
     * point per step (the RockBench paper's figures 4–9).
     */
    static Figure latencyVersusRate(List<ReportedRun> runs, String percentile, ToDoubleFunction<LatencySummary> value) {
        String title = "Data latency " + percentile + " versus achieved ingest rate, every result";
        XYChart chart = ChartImages.lineChart(RATE_AXIS, "data latency " + percentile + " (ms)", 8);
        int series = 0;
        for (Map.Entry<String, List<ReportedStep>> entry :
                seriesByBatchSize(runs).entrySet()) {
            List<ReportedStep> points = withDataLatency(entry.getValue());
            if (points.isEmpty()) {
                continue;
            }
            double[] x = achievedRates(points);
            double[] errors = ForkErrorBars.errors(points, percentile);
            if (errors == null) {
                chart.addSeries(entry.getKey(), x, dataLatencies(points, value));
            } else {
                chart.addSeries(entry.getKey(), x, ForkErrorBars.scores(points, percentile), errors);
                chart.getStyler().setErrorBarsColorSeriesColor(true);
            }
            series++;
        }
        if (series == 0) {
            return Figure.missing(title, NOTHING_VERSUS_RATE);
        }
        return ChartImages.figure(title, chart, null);
    }

    /** The colours of p50, p95 and p99 in every chart that shows them. */
    private static final Map<String, Color> PERCENTILE_COLORS =
            Map.of("p50", new Color(0x4C72B0), "p95", new Color(0xDD8452), "p99", new Color(0xC44E52));

    private static final Map<String, ToDoubleFunction<LatencySummary>> PERCENTILES = new LinkedHashMap<>();

    static {
        PERCENTILES.put("p50", LatencySummary::p50);
        PERCENTILES.put("p95", LatencySummary::p95);
        PERCENTILES.put("p99", LatencySummary::p99);
    }

    /** The largest achieved rate (MB/s) and data latency p99 (ms) of any step: shared axes make charts comparable. */
    record Extent(double megabytesPerSec, double p99Ms) {
        static Extent of(List<ReportedRun> runs) {
            double rate = 0;
            double p99 = 0;
            for (ReportedRun run : runs) {
                for (ReportedStep step : run.steps()) {
                    if (step.plottedVersusRate()) {
                        rate = Math.max(rate, step.achievedMegabytesPerSec());
                        p99 = Math.max(p99, step.latency(Metrics.DATA).p99());
                    }
                }
            }
            return new Extent(rate, p99);
        }
    }

    /**
     * One result's data latency p50, p95 and p99 versus achieved MB/s, one point per step, one line per percentile
     * (and batch size); both axes from zero to the {@code extent} of every result in the report, so that the charts of
     * a comparison can be read against each other.
     */
    static Figure percentilesVersusRate(ReportedRun run, Extent extent) {
        String title = "Data latency p50, p95 and p99 versus achieved ingest rate: " + run.label();
        XYChart chart = ChartImages.lineChart(RATE_AXIS, "data latency (ms)", 8);
        chart.getStyler().setXAxisMax(extent.megabytesPerSec() * 1.05).setYAxisMax(extent.p99Ms() * 1.05);
        Map<String, List<ReportedStep>> byBatchSize = seriesByBatchSize(List.of(run));
        for (Map.Entry<String, List<ReportedStep>> entry : byBatchSize.entrySet()) {
            List<ReportedStep> points = withDataLatency(entry.getValue());
            if (points.isEmpty()) {
                continue;
            }
            double[] x = achievedRates(points);
            PERCENTILES.forEach((percentile, value) -> {
                double[] y = dataLatencies(points, value);
                String name = byBatchSize.size() == 1
                        ? percentile
                        : percentile + ", "
                                + entry.getKey().substring(entry.getKey().indexOf("batch"));
                XYSeries series = chart.addSeries(name, x, y);
                if (byBatchSize.size() == 1) {
                    series.setMarker(SeriesMarkers.CIRCLE);
                    colour(series, percentile);
                }
            });
        }
        if (chart.getSeriesMap().isEmpty()) {
            return Figure.missing(title, NOTHING_VERSUS_RATE);
        }
        return ChartImages.figure(title, chart, null);
    }

    /** The steps with data latency samples and an achieved rate in MB/s, by that rate. */
    private static List<ReportedStep> withDataLatency(List<ReportedStep> steps) {
        return steps.stream()
                .filter(ReportedStep::plottedVersusRate)
                .sorted(Comparator.comparingDouble(ReportedStep::achievedMegabytesPerSec))
                .toList();
    }

    static double[] achievedRates(List<ReportedStep> steps) {
        return steps.stream().mapToDouble(ReportedStep::achievedMegabytesPerSec).toArray();
    }

    private static double[] dataLatencies(List<ReportedStep> steps, ToDoubleFunction<LatencySummary> value) {
        return steps.stream()
                .mapToDouble(step -> value.applyAsDouble(step.latency(Metrics.DATA)))
                .toArray();
    }

    /** A series in the colour of its percentile, as every chart that shows p50, p95 or p99 draws it. */
    static void colour(XYSeries series, String percentile) {
        series.setLineColor(PERCENTILE_COLORS.get(percentile));
        series.setMarkerColor(PERCENTILE_COLORS.get(percentile));
    }

    /** Series name → steps: one series per result file × target × batch size, in file order. */
    static Map<String, List<ReportedStep>> seriesByBatchSize(List<ReportedRun> runs) {
        Map<String, List<ReportedStep>> series = new LinkedHashMap<>();
        for (ReportedRun run : runs) {
            for (ReportedStep step : run.steps()) {
                String name = run.target() + ", batch " + (step.batchSize() == null ? "?" : step.batchSize());
                if (runs.size() > 1) {
                    name += " (" + run.label() + ")";
                }
                series.computeIfAbsent(name, n -> new ArrayList<>()).add(step);
            }
        }
        return series;
    }

    /**
     * Where the time goes: per step, the p50 or p99 of each stage (producer ack, Kafka hop, target write, probe query)
     * next to the data latency. Stages overlap (data includes the hop and the write), so the bars are not stacked.
     */
    static Figure stages(ReportedRun run, String percentile, ToDoubleFunction<LatencySummary> value) {
        String title = "Where the time goes, " + percentile + ": " + run.label();
        CategoryChart chart = new CategoryChartBuilder()
                .width(ChartImages.WIDTH)
                .height(ChartImages.HEIGHT)
                .xAxisTitle("step (intended rate)")
                .yAxisTitle(percentile + " (ms, log scale)")
                .build();
        ChartImages.style(chart.getStyler());
        // Stages span six decades (a microsecond's schedule delay, seconds of data latency): on a linear axis all
        // but the largest bars are invisible.
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setAvailableSpaceFill(0.8);
        if (run.steps().size() > 8) {
            chart.getStyler().setXAxisLabelRotation(45);
        }
        List<String> categories = run.steps().stream().map(ReportedStep::label).toList();
        double smallestMs = Double.POSITIVE_INFINITY;
        for (String stage : MetricOrder.STAGES) {
            List<Double> values = new ArrayList<>(categories.size());
            for (ReportedStep step : run.steps()) {
                LatencySummary summary = step.latency(stage);
                double ms = summary == null ? 0 : value.applyAsDouble(summary);
                values.add(ms > 0 ? ms : null); // a log axis has no 0; the tables have every value
                smallestMs = ms > 0 ? Math.min(smallestMs, ms) : smallestMs;
            }
            if (values.stream().anyMatch(Objects::nonNull)) {
                chart.addSeries(stage, categories, values).setFillColor(STAGE_COLORS.get(stage));
            }
        }
        if (chart.getSeriesMap().isEmpty()) {
            return Figure.missing(title, "no step has latencies of the pipeline's stages");
        }
        // Bars grow from a power of ten at least twice below the smallest value, so that it shows as a bar (XChart's
        // default, zero, has no place on a log axis).
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallestMs / 2))));
        return ChartImages.figure(title, chart, null);
    }

    /**
     * The distribution of data latency of every step of a run, on a "nines" axis: x = log10(1 / (1 − percentile)), so
     * 1 is 90 %, 2 is 99 %, 3 is 99.9 %. From the step's merged interval histograms when its .hlog could be read, else
     * from the result's summary points (p50 … p99.9), which the note says.
     */
    static Figure distribution(ReportedRun run) {
        String title = "Percentile distribution of data latency: " + run.label();
        XYChart chart = new XYChartBuilder()
                .width(ChartImages.WIDTH)
                .height(ChartImages.HEIGHT)
                .xAxisTitle("percentile")
                .yAxisTitle("data latency (ms)")
                .build();
        ChartImages.style(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line);
        List<String> fromSummary = new ArrayList<>();
        double maxNines = 1;
        for (ReportedStep step : run.steps()) {
            Histogram total = step.histograms() == null
                    ? null
                    : step.histograms().total(Metrics.DATA).orElse(null);
            double[][] points;
            if (total != null) {
                points = percentilePoints(total);
            } else if (step.latency(Metrics.DATA) != null) {
                points = summaryPoints(step.latency(Metrics.DATA));
                fromSummary.add(step.label());
            } else {
                continue;
            }
            chart.addSeries(step.label(), points[0], points[1])
                    .setMarker(total != null ? SeriesMarkers.NONE : SeriesMarkers.CIRCLE);
            maxNines = Math.max(maxNines, points[0][points[0].length - 1]);
        }
        if (chart.getSeriesMap().isEmpty()) {
            return Figure.missing(title, "no step has data latency samples");
        }
        // Whole nines only: a tick every (plot width / nines) pixels makes XChart step the axis by one nine. At least
        // two:
        // with one (a step of fewer than ten samples, or a summary's points only) the hint is wider than the plot, and
        // XChart drew no tick and no label on the axis at all.
        int nines = Math.max(2, (int) Math.ceil(maxNines - 1e-9));
        chart.getStyler().setXAxisMin(0.0).setXAxisMax((double) nines);
        chart.getStyler().setXAxisTickMarkSpacingHint(Math.max(40, (ChartImages.WIDTH - 100) / nines));
        chart.getStyler().setxAxisTickLabelsFormattingFunction(ReportCharts::ninesLabel);
        String note = fromSummary.isEmpty()
                ? null
                : "from the result's summary points (p50, p90, p95, p99, p99.9), no histogram log: "
                        + String.join(", ", fromSummary);
        return ChartImages.figure(title, chart, note);
    }

    /** x in nines and y in ms for each percentile level HdrHistogram iterates to, below 100 %. */
    static double[][] percentilePoints(Histogram micros) {
        List<double[]> points = new ArrayList<>();
        for (HistogramIterationValue value : micros.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double percentile = value.getPercentileLevelIteratedTo();
            if (percentile >= 100.0) {
                break;
            }
            points.add(
                    new double[] {nines(percentile), micros.highestEquivalentValue(value.getValueIteratedTo()) / 1000.0
                    });
        }
        if (points.isEmpty()) {
            // A single sample: its value at the 50th percentile, so that the step still shows.
            points.add(new double[] {nines(50), micros.getValueAtPercentile(50) / 1000.0});
        }
        double[][] xy = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            xy[0][i] = points.get(i)[0];
            xy[1][i] = points.get(i)[1];
        }
        return xy;
    }

    static double[][] summaryPoints(LatencySummary summary) {
        return new double[][] {
            {nines(50), nines(90), nines(95), nines(99), nines(99.9)},
            {summary.p50(), summary.p90(), summary.p95(), summary.p99(), summary.p999()}
        };
    }

    /** The position of a percentile on the "nines" axis: 90 → 1, 99 → 2, 99.9 → 3. */
    static double nines(double percentile) {
        return Math.log10(100.0 / (100.0 - percentile));
    }

    /** The label of a "nines" axis position: 1 → 90%, 3 → 99.9%. */
    static String ninesLabel(double nines) {
        return Numbers.plain(100.0 - 100.0 / Math.pow(10, nines), 3) + "%";
    }
}
