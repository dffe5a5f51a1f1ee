package io.rtbench.cli.support;

import java.util.Map;
import picocli.CommandLine.Option;

/** Where a run serves its live metrics for Prometheus (a picocli mixin). */
public final class PrometheusOptions {

    /** The address {@code /metrics} binds to when {@code --prometheus-host} is not given (the rtbench image: 0.0.0.0). */
    public static final String PROMETHEUS_HOST_ENV = "RTBENCH_PROMETHEUS_HOST";

    @Option(
            names = "--prometheus-port",
            defaultValue = Defaults.PROMETHEUS_PORT,
            paramLabel = "PORT",
            converter = Converters.PortConverter.class,
            description = "Port of /metrics (0: none).")
    int prometheusPort;

    @Option(
            names = "--prometheus-host",
            paramLabel = "ADDRESS",
            description = "Address /metrics binds to (else " + PROMETHEUS_HOST_ENV + ", else 127.0.0.1).")
    String prometheusHost;

    public int prometheusPort() {
        return prometheusPort;
    }

    /** The flag, else the environment's address, else loopback: a benchmark exposes nothing to the network by accident. */
    public String prometheusHost() {
        return host(prometheusHost, System.getenv());
    }

    static String host(String flag, Map<String, String> env) {
        if (flag != null && !flag.isBlank()) {
            return flag.strip();
        }
        String fromEnvironment = env.getOrDefault(PROMETHEUS_HOST_ENV, "").strip();
        return fromEnvironment.isEmpty() ? Defaults.PROMETHEUS_HOST : fromEnvironment;
    }
}
