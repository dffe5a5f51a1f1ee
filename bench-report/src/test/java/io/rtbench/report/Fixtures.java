package io.rtbench.report;

import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.Metrics;
import io.rtbench.core.metrics.ReadingRecorder;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The checked-in result files of the report tests (bench-cli's tests read them too, from this module's test-jar), and
 * interval logs written for them.
 */
public final class Fixtures {

    public static final String OPENSEARCH = "opensearch-sweep.json";
    static final String CLICKHOUSE = "clickhouse-interrupted.json";
    /** {@code rtbench dml} against ClickHouse 18.16.1 (2026-11-27): statements only, no data latency. */
    static final String STATEMENTS = "dml-statements.json";
    /** {@code rtbench run --workload dml --updates 20% --deletes 5%} into ClickHouse 18.16.1 (2026-11-27). */
    static final String DML_PIPELINE = "dml-pipeline.json";

    /** {@code rtbench bridge --duration 20s} into ClickHouse 18.16.1 (2026-11-27): a rate in events/s, no bytes. */
    static final String BRIDGE_ALONE = "bridge-alone.json";
    /** {@code rtbench evaluate --duration 30s} of ClickHouse 18.16.1 (2026-11-27): no rate, no audit counts. */
    static final String EVALUATE_ALONE = "evaluate-alone.json";

    /** {@code rtbench run --workers 1} into ClickHouse 18.16.1 with one {@code rtbench worker} (2026-11-27). */
    static final String SEVERAL_HOSTS = "several-hosts.json";

    /**
     * {@code rtbench run --target postgres --rate 500/s --warmup 2s --duration 25s --forks 2 --fault
     * target-pause@6s+5s} (2026-11-29, on the 2-core build machine): fork 1 recovered 0.66 s after the pause, fork 2
     * did not. Stripped to data and query latencies, no utilisation; its logs hold the data intervals only
     * ({@link #POSTGRES_FAULT_LOGS}).
     */
    static final String POSTGRES_FAULT = "postgres-fault.json";

    static final List<String> POSTGRES_FAULT_LOGS =
            List.of("postgres-fault.step-1.fork-1.iteration-1.hlog", "postgres-fault.step-1.fork-2.iteration-1.hlog");

    /**
     * {@code rtbench run --target postgres --rate 500/s --warmup 2s --duration 20s --probe-interval 200ms --fault
     * target-pause@5s+4s} (2026-11-30, on the 2-core build machine): the backlog rose to 1,434 events in the pause and
     * drained at 681 events/s after it; freshness recovered 3.9 s after the pause. Its log
     * ({@link #POSTGRES_PAUSE_LOG}) is stripped to the data intervals and the backlog readings.
     */
    static final String POSTGRES_PAUSE = "postgres-pause.json";

    static final String POSTGRES_PAUSE_LOG = "postgres-pause.step-1.hlog";

    private Fixtures() {}

    /** Copies a checked-in result into {@code dir}; returns the copy. */
    static Path copy(String name, Path dir) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource missing: " + name);
            }
            Files.createDirectories(dir);
            Path file = dir.resolve(name);
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A checked-in result, read as {@code rtbench report} reads one. */
    public static RunResult result(String name) {
        try {
            Path dir = Files.createTempDirectory("rtbench-fixture");
            Path file = copy(name, dir);
            RunResult result = ResultFiles.read(file);
            Files.delete(file);
            Files.delete(dir);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes an interval log as the engine writes a step with a sink: per second a data interval around 100 ms and the
     * backlog readings of that second ({@code backlog[second]}: none, one or two, read 100 and 400 ms into it), each an
     * interval of its own as {@link ReadingRecorder} makes them.
     */
    static void writeLogWithBacklog(Path file, long startMillis, long[][] backlog) {
        ReadingRecorder readings = new ReadingRecorder(Metrics.BACKLOG);
        try (IntervalLog log = new IntervalLog(file, startMillis)) {
            for (int second = 0; second < backlog.length; second++) {
                long from = startMillis + second * 1_000L;
                Histogram data = LatencyRecorder.newHistogram();
                data.recordValue(100_000 + second * 1_000L);
                data.setTag(Metrics.DATA);
                data.setStartTimeStamp(from);
                data.setEndTimeStamp(from + 1_000);
                log.append(data);
                for (int i = 0; i < backlog[second].length; i++) {
                    readings.record(from + 100 + i * 300L, backlog[second][i]);
                }
                readings.takeIntervals().forEach(log::append);
            }
        }
    }

    /**
     * Writes an interval log of {@code seconds} one-second intervals per metric, values in microseconds drawn around
     * {@code medianMicros[metric]}; returns what was recorded per metric, all intervals added.
     */
    static Map<String, Histogram> writeLog(
            Path file, long startMillis, int seconds, Map<String, Long> medianMicros, long seed) {
        Map<String, Histogram> recorded = new TreeMap<>();
        SplittableRandom random = new SplittableRandom(seed);
        try (IntervalLog log = new IntervalLog(file, startMillis)) {
            for (int second = 0; second < seconds; second++) {
                for (Map.Entry<String, Long> metric : medianMicros.entrySet()) {
                    Histogram interval = LatencyRecorder.newHistogram();
                    for (int i = 0; i < 50; i++) {
                        long median = metric.getValue() + second * 1_000L;
                        interval.recordValue(median / 2 + random.nextLong(median));
                    }
                    interval.setTag(metric.getKey());
                    interval.setStartTimeStamp(startMillis + second * 1_000L);
                    interval.setEndTimeStamp(startMillis + (second + 1) * 1_000L);
                    log.append(interval);
                    recorded.computeIfAbsent(metric.getKey(), m -> LatencyRecorder.newHistogram())
                            .add(interval);
                }
            }
        }
        return recorded;
    }
}
