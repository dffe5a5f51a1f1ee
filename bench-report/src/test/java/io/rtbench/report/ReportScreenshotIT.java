package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.metrics.Metrics;
import io.rtbench.servers.junit.ExternalPrograms;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a reader sees it: a comparison of the test fixtures rendered by headless Chromium. The page and its
 * screenshot stay in {@code bench-report/target/report-screenshot/} to be looked at (docs/REPORTS.md, "Checking the page
 * in a browser").
 */
class ReportScreenshotIT {

    private static final Path OUT = Path.of("target", "report-screenshot").toAbsolutePath();
    private static final int WIDTH = 1400;
    private static final int HEIGHT = 2400;

    @TempDir
    Path profile;

    @Test
    void chromiumDrawsTheReport() throws Exception {
        Path chromium = ExternalPrograms.require("chromium", "chromium");

        BufferedImage image = screenshot(chromium, report(), "report.png", HEIGHT);

        Ink ink = Ink.of(image);
        // Text, tables and the first charts: a blank or unstyled page has a few colours and little ink.
        assertThat(ink.share()).as("share of non-white pixels").isGreaterThan(0.04);
        assertThat(ink.colours()).as("distinct colours").isGreaterThan(200);
        assertThat(ink.inRightMargin())
                .as("pixels drawn in the page's right margin (a table too wide for the page)")
                .isZero();
    }

    /**
     * A real run with a fault in each of its two forks (docs/REPORTS.md, "Faults"): its table fits the page, and the
     * over-time chart, far down the page, has its bands.
     */
    @Test
    void chromiumDrawsTheFaultsTableAndBands() throws Exception {
        Path chromium = ExternalPrograms.require("chromium", "chromium");
        Path result = Fixtures.copy(Fixtures.POSTGRES_FAULT, OUT);
        Fixtures.POSTGRES_FAULT_LOGS.forEach(log -> Fixtures.copy(log, OUT));
        Path html = OUT.resolve("faults.html");
        Reports.write(new ReportRequest(List.of(result), html, OUT.resolve("faults.csv")));

        BufferedImage image = screenshot(chromium, html, "faults.png", 4800);

        assertThat(Ink.of(image).inRightMargin())
                .as("pixels drawn in the page's right margin (a table too wide for the page)")
                .isZero();
        // the band's colour over white, within a few levels of the browser's rounding
        assertThat(pixelsNear(image, FaultBands.BAND_COLOR))
                .as("pixels of the fault bands")
                .isGreaterThan(2 * 40 * 200);
    }

    /**
     * A real run with one fault (docs/REPORTS.md, "Backlog over time"): the backlog chart under the data latency over
     * time has the fault's band too, so the page shows two bands of one fault.
     */
    @Test
    void chromiumDrawsTheBacklogChartWithTheFaultsBand() throws Exception {
        Path chromium = ExternalPrograms.require("chromium", "chromium");
        Path result = Fixtures.copy(Fixtures.POSTGRES_PAUSE, OUT);
        Fixtures.copy(Fixtures.POSTGRES_PAUSE_LOG, OUT);
        Path html = OUT.resolve("backlog.html");
        Reports.write(new ReportRequest(List.of(result), html, OUT.resolve("backlog.csv")));

        BufferedImage image = screenshot(chromium, html, "backlog.png", 4800);

        // one band of about 90 × 150 pixels on each chart: the latency's alone would stay under the bound
        assertThat(pixelsNear(image, FaultBands.BAND_COLOR))
                .as("pixels of the fault's bands on the data latency and the backlog over time")
                .isGreaterThan(2 * 40 * 200);
    }

    /** Headless Chromium's screenshot of {@code html}, {@link #WIDTH} × {@code height}, kept in {@link #OUT}. */
    private BufferedImage screenshot(Path chromium, Path html, String name, int height) throws Exception {
        Path png = OUT.resolve(name);
        Files.deleteIfExists(png);
        Path log = OUT.resolve(name + ".chromium.log");
        Process browser = new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--user-data-dir=" + profile,
                        "--screenshot=" + png,
                        "--window-size=" + WIDTH + "," + height,
                        html.toUri().toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean ended = browser.waitFor(90, TimeUnit.SECONDS);
        if (!ended) {
            browser.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended).as("chromium ended within 90 s: %s", output).isTrue();
        assertThat(png).as(output).isRegularFile();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(WIDTH);
        assertThat(image.getHeight()).isEqualTo(height);
        return image;
    }

    /** How many pixels have the colour of {@code translucent} drawn over white, within 4 levels a channel. */
    private static long pixelsNear(BufferedImage image, java.awt.Color translucent) {
        double alpha = translucent.getAlpha() / 255.0;
        int[] over = {
            (int) Math.round(255 - (255 - translucent.getRed()) * alpha),
            (int) Math.round(255 - (255 - translucent.getGreen()) * alpha),
            (int) Math.round(255 - (255 - translucent.getBlue()) * alpha)
        };
        long near = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                if (Math.abs(((rgb >> 16) & 0xFF) - over[0]) <= 4
                        && Math.abs(((rgb >> 8) & 0xFF) - over[1]) <= 4
                        && Math.abs((rgb & 0xFF) - over[2]) <= 4) {
                    near++;
                }
            }
        }
        return near;
    }

    /** The fixtures' comparison: two results, two steps with interval logs, stages from microseconds to seconds. */
    private static Path report() throws Exception {
        Files.createDirectories(OUT);
        Path opensearch = Fixtures.copy(Fixtures.OPENSEARCH, OUT);
        Path clickhouse = Fixtures.copy(Fixtures.CLICKHOUSE, OUT);
        long start = Instant.parse("2025-03-04T10:00:00Z").toEpochMilli();
        Map<String, Long> medians = Map.of(Metrics.DATA, 500_000L, Metrics.KAFKA_HOP, 7_000L);
        Fixtures.writeLog(OUT.resolve("opensearch-sweep.step1.hlog"), start, 20, medians, 1);
        Fixtures.writeLog(OUT.resolve("opensearch-sweep.step2.hlog"), start + 70_000, 20, medians, 2);
        Path html = OUT.resolve("report.html");
        Reports.write(new ReportRequest(List.of(opensearch, clickhouse), html, OUT.resolve("report.csv")));
        return html;
    }

    /**
     * How much of an image is drawn on. The page's column is 1,100 px wide in the middle of the window; its right
     * margin, short of the scroll bar, must stay white.
     */
    private record Ink(double share, int colours, long inRightMargin) {
        private static final int MARGIN_FROM = WIDTH / 2 + 550 + 20;
        private static final int MARGIN_TO = WIDTH - 30;

        static Ink of(BufferedImage image) {
            long inked = 0;
            long inMargin = 0;
            Set<Integer> colours = new HashSet<>();
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    int rgb = image.getRGB(x, y) & 0xFFFFFF;
                    colours.add(rgb);
                    if (rgb != 0xFFFFFF) {
                        inked++;
                        if (x >= MARGIN_FROM && x < MARGIN_TO) {
                            inMargin++;
                        }
                    }
                }
            }
            return new Ink((double) inked / ((long) image.getWidth() * image.getHeight()), colours.size(), inMargin);
        }
    }
}
