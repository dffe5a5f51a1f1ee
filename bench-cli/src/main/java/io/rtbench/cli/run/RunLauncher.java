package io.rtbench.cli.run;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.rtbench.cli.report.ReportRequest;
import io.rtbench.cli.report.Reports;
import io.rtbench.cli.report.WrittenReport;
import io.rtbench.cli.support.FailureException;
import io.rtbench.cli.support.StatusLine;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.target.TargetException;
import io.rtbench.evaluator.PrometheusEndpoint;
import io.rtbench.servers.ServerUnavailableException;
import io.rtbench.servers.Servers;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.kafka.common.KafkaException;

/**
 * What every run-like command shares: Ctrl-C handling (finished steps are written with {@code complete: false} and
 * the servers the run started are stopped), the Prometheus endpoint, turning failures into one line, and the final
 * table.
 */
final class RunLauncher {

    /** Where {@code kafka-connect} finds rtbench's sink plugin; set by the launcher script. */
    static final String CONNECT_PLUGIN_PROPERTY = "rtbench.connect.plugin.path";

    static final String PROMETHEUS_HOST_ENV = "RTBENCH_PROMETHEUS_HOST";

    private RunLauncher() {}

    static RunResult launch(
            RunSpec spec, int prometheusPort, PrintWriter out, Function<BenchmarkSession, RunResult> steps) {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            try {
                finished.await(3, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        StatusLine status = StatusLine.onStdout();
        PrometheusEndpoint prometheus =
                prometheusPort > 0 ? new PrometheusEndpoint(prometheusHost(System.getenv()), prometheusPort) : null;
        MeterRegistry registry = prometheus != null ? prometheus.registry() : new SimpleMeterRegistry();
        try (BenchmarkSession session = BenchmarkSession.open(
                spec, Servers.provider(System.getenv()), connectPluginPath(), registry, status, stop)) {
            steps.apply(session);
            RunResult result = session.finish();
            status.finish();
            ResultTable.print(result, out);
            out.println("result: " + spec.result().toAbsolutePath());
            writeReport(spec.result(), out);
            out.flush();
            return result;
        } catch (TargetException | ServerUnavailableException | KafkaException e) {
            status.finish();
            throw new FailureException(e.getMessage(), e);
        } finally {
            if (prometheus != null) {
                prometheus.close();
            }
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and waits for us
            }
        }
    }

    /**
     * Where /metrics listens: 127.0.0.1, or {@value #PROMETHEUS_HOST_ENV} (the rtbench image sets 0.0.0.0, since a
     * container's loopback is out of reach of a Prometheus in another container).
     */
    static String prometheusHost(Map<String, String> env) {
        String host = env.getOrDefault(PROMETHEUS_HOST_ENV, "").strip();
        return host.isEmpty() ? "127.0.0.1" : host;
    }

    /**
     * The HTML and CSV report beside the result. A report that cannot be drawn costs the user a chart, not the run: the
     * result file is written already, so the reason is printed and {@code rtbench report} can be run again later.
     */
    private static void writeReport(Path result, PrintWriter out) {
        try {
            WrittenReport report = Reports.write(new ReportRequest(List.of(result), null, null));
            out.println("report: " + report.html().toAbsolutePath() + " (csv: "
                    + report.csv().toAbsolutePath() + ")");
            report.notes().forEach(note -> out.println("  " + note));
        } catch (FailureException e) {
            out.println("report: not written (" + e.getMessage() + "); retry with: rtbench report " + result);
        } catch (RuntimeException | LinkageError e) {
            // Java2D without its native font libraries (a JRE image without fontconfig) fails while drawing text.
            out.println("report: not written (cannot draw charts here: " + e
                    + "; install fontconfig and a font); retry with: rtbench report " + result);
        }
    }

    /** Connect's {@code plugin.path}: directories, comma-separated. */
    private static String connectPluginPath() {
        return System.getProperty(CONNECT_PLUGIN_PROPERTY);
    }
}
