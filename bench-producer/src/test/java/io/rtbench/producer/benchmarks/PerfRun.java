package io.rtbench.producer.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A run of Kafka's ProducerPerformance and its one-second reports after its warm-up. */
record PerfRun(ChildProcess child, List<PerfRun.Window> steady) {

    /** One of ProducerPerformance's one-second reports (its final summary adds percentiles, which this skips). */
    private static final Pattern WINDOW = Pattern.compile("(\\d+) records sent, ([\\d.]+) records/sec"
            + " \\([\\d.]+ MB/sec\\), ([\\d.]+) ms avg latency, ([\\d.]+) ms max latency\\.$");

    /** One report: records sent, their rate, and their acks' latency. */
    record Window(double records, double recordsPerSecond, double avgLatencyMs, double maxLatencyMs) {}

    /**
     * Keeps the reports after the first {@code warmupSeconds} (JVM start, JIT; like rtbench's warmup) up to the last
     * full one.
     */
    static PerfRun parse(ChildProcess child, int warmupSeconds) {
        List<Window> windows = new ArrayList<>();
        for (String line : child.output().split("\n")) {
            Matcher window = WINDOW.matcher(line.strip());
            if (window.find()) {
                windows.add(new Window(
                        Double.parseDouble(window.group(1)),
                        Double.parseDouble(window.group(2)),
                        Double.parseDouble(window.group(3)),
                        Double.parseDouble(window.group(4))));
            }
        }
        if (windows.size() < warmupSeconds + 2) {
            throw new IllegalStateException("fewer than two reports from ProducerPerformance after its warm-up"
                    + " (send more records):\n" + child.output());
        }
        return new PerfRun(child, windows.subList(warmupSeconds, windows.size()));
    }

    double recordsPerSecond() {
        double records = 0;
        double seconds = 0;
        for (Window window : steady) {
            records += window.records();
            seconds += window.records() / window.recordsPerSecond();
        }
        return records / seconds;
    }

    /** The reports' average latencies, weighted by their records. */
    double meanAvgLatencyMs() {
        double records = 0;
        double weighted = 0;
        for (Window window : steady) {
            records += window.records();
            weighted += window.records() * window.avgLatencyMs();
        }
        return weighted / records;
    }

    double maxLatencyMs() {
        return steady.stream().mapToDouble(Window::maxLatencyMs).max().orElseThrow();
    }
}
