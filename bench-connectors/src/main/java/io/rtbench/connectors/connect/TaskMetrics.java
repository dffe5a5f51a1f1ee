package io.rtbench.connectors.connect;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.metrics.IntervalLog;
import io.rtbench.core.metrics.LatencyRecorder;
import io.rtbench.core.metrics.MetricSet;
import io.rtbench.core.metrics.Metrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One task's {@code kafkaHop} and {@code sinkWrite} recorders and, when a metrics directory is set, the HdrHistogram
 * interval log they are appended to: the way a runner in another process (or in this JVM: plugin classes share no
 * state with the host) reads what the task measured. Each task start writes its own file,
 * {@code <connector>-task<N>.hlog}, or {@code <connector>-task<N>-<k>.hlog} when a previous start of the same task
 * left one: readers take all files matching {@code <connector>-task*.hlog} and merge them by tag.
 */
final class TaskMetrics implements AutoCloseable {

    private final MetricSet metrics = new MetricSet();
    private final LatencyRecorder kafkaHop = metrics.recorder(Metrics.KAFKA_HOP);
    private final LatencyRecorder sinkWrite = metrics.recorder(Metrics.SINK_WRITE);
    private final Path logFile;
    private final IntervalLog log;
    private final ScheduledExecutorService timer;

    private TaskMetrics(Path logFile, long startMillis, long intervalMillis) {
        this.logFile = logFile;
        if (logFile == null) {
            this.log = null;
            this.timer = null;
            return;
        }
        this.log = new IntervalLog(logFile, startMillis);
        this.timer = Executors.newSingleThreadScheduledExecutor(
                DaemonThreads.named("rtbench-sink-metrics-" + logFile.getFileName()));
        timer.scheduleAtFixedRate(this::appendInterval, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Recorders only, no log (no metrics directory configured). */
    static TaskMetrics inMemory() {
        return new TaskMetrics(null, 0, 0);
    }

    static TaskMetrics open(RtbenchSinkConfig config, long startMillis) {
        if (config.metricsDir().isEmpty()) {
            return inMemory();
        }
        Path file = freeLogFile(config.metricsDir().get(), config.connectorName(), config.taskId());
        return new TaskMetrics(file, startMillis, config.metricsInterval().toMillis());
    }

    /** The first of {@code <connector>-task<N>.hlog}, {@code …-task<N>-1.hlog}, … that does not exist yet. */
    static Path freeLogFile(Path dir, String connectorName, int taskId) {
        String base = connectorName.replaceAll("[^A-Za-z0-9._-]", "_") + "-task" + Math.max(0, taskId);
        Path file = dir.resolve(base + ".hlog");
        for (int restart = 1; Files.exists(file); restart++) {
            file = dir.resolve(base + "-" + restart + ".hlog");
        }
        return file;
    }

    LatencyRecorder kafkaHop() {
        return kafkaHop;
    }

    LatencyRecorder sinkWrite() {
        return sinkWrite;
    }

    MetricSet metrics() {
        return metrics;
    }

    /** The interval log, or null when none is written. */
    Path logFile() {
        return logFile;
    }

    /** Moves what was recorded since the last call into the log. */
    synchronized void appendInterval() {
        if (log != null) {
            log.append(kafkaHop.takeInterval());
            log.append(sinkWrite.takeInterval());
        }
    }

    /** Appends the last interval and closes the log. */
    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            appendInterval();
            if (log != null) {
                log.close();
            }
        }
    }
}
