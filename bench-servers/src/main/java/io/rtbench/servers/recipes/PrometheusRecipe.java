package io.rtbench.servers.recipes;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerOptions;
import io.rtbench.servers.ServerRecipe;
import io.rtbench.servers.docker.DockerImages;
import io.rtbench.servers.docker.PrometheusContainers;
import io.rtbench.servers.local.PrometheusFactory;

/** Prometheus, Debian's prometheus package: in this JVM or a child process (local), or its official image (docker). */
public final class PrometheusRecipe implements ServerRecipe {

    @Override
    public ServerKind kind() {
        return ServerKind.PROMETHEUS;
    }

    @Override
    public String description() {
        return "Prometheus, Debian's prometheus package";
    }

    @Override
    public int startRank() {
        return 3;
    }

    @Override
    public RunningServer startLocal(ServerOptions options) {
        return new PrometheusFactory().start(options);
    }

    @Override
    public RunningServer startDocker(DockerImages images, ServerOptions options) {
        return PrometheusContainers.prometheus(images, options);
    }
}
