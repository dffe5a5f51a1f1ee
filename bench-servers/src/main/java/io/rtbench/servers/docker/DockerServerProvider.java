package io.rtbench.servers.docker;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.ServerRecipes;
import java.util.Map;

/**
 * The {@code docker} provider (docs/TARGETS.md): each server in a container started by Testcontainers, from the image
 * {@link DockerImages} names (official and pinned, or a local stand-in). Addresses have the local provider's form, on
 * 127.0.0.1.
 *
 * <p>This machine may need Testcontainers settings that are not committed (docs/TARGETS.md): {@code api.version} in
 * {@code ~/.docker-java.properties} for an engine older than Testcontainers' default API,
 * {@code TESTCONTAINERS_HOST_OVERRIDE}, {@code TESTCONTAINERS_RYUK_DISABLED}. {@code .ci/run} sets them when needed.
 */
public final class DockerServerProvider implements ServerProvider {

    private final DockerImages images;

    public DockerServerProvider(Map<String, String> env) {
        this.images = DockerImages.from(env);
    }

    @Override
    public String name() {
        return "docker";
    }

    @Override
    public RunningServer start(ServerKind kind, ServerConfig options) {
        Containers.requireEngine();
        return ServerRecipes.recipe(kind).startDocker(images, options);
    }
}
