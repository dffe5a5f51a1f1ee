package io.rtbench.cli.support;

import java.nio.file.Path;
import picocli.CommandLine.Mixin;

/**
 * Where a measuring run's figures go, for the commands that offer both: the result file ({@link ResultOptions}) and
 * the live {@code /metrics} endpoint ({@link PrometheusOptions}). A picocli mixin of the two.
 */
public final class OutputOptions {

    @Mixin
    PrometheusOptions prometheus;

    @Mixin
    ResultOptions result;

    /** The result file given, or null. */
    public Path result() {
        return result.result();
    }

    public int prometheusPort() {
        return prometheus.prometheusPort();
    }

    public String prometheusHost() {
        return prometheus.prometheusHost();
    }
}
