package io.rtbench.servers.recipes;

import io.rtbench.servers.ServerKind;
import io.rtbench.servers.docker.PrometheusContainers;
import io.rtbench.servers.local.PrometheusFactory;

/** Prometheus, Debian's prometheus package: in this JVM or a child process (local), or its official image (docker). */
public final class PrometheusRecipe extends Recipe {

    public PrometheusRecipe() {
        super(
                ServerKind.PROMETHEUS,
                "Prometheus, Debian's prometheus package",
                3,
                options -> new PrometheusFactory().start(options),
                PrometheusContainers::prometheus);
    }
}
