package io.rtbench.servers.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.local.FreePorts;
import io.rtbench.servers.local.SearchEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.elasticsearch.ElasticsearchContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Elasticsearch (Testcontainers' module) and OpenSearch (a generic container: no OpenSearch module for Testcontainers
 * 2.x is on Maven Central) as single nodes over plain HTTP, 512 MB heap.
 *
 * <p>Settings, as the local provider's: {@code heap} = the heap size; every other {@code NAME=VALUE} becomes a node
 * setting (the images turn dotted environment variables into {@code -E} settings).
 *
 * <p>The HTTP port is published on a free port of 127.0.0.1 that the provider picks, so that a restart of the container
 * ({@link ContainerServer#restartable()}) keeps the address; the node's transport port is not published
 * ({@link Containers#publishOn}).
 */
public final class SearchContainers {

    static final String HEAP = "heap";
    private static final String DEFAULT_HEAP = "512m";
    private static final Pattern HEAP_SIZE = Pattern.compile("\\d+[kKmMgG]");
    private static final int HTTP_PORT = 9200;
    private static final ObjectMapper JSON = new ObjectMapper();

    private SearchContainers() {}

    public static RunningServer elasticsearch(DockerImages images, ServerConfig options) {
        DockerImageName image =
                images.image(SearchEngine.ELASTICSEARCH.kind(), "docker.elastic.co/elasticsearch/elasticsearch");
        ElasticsearchContainer container = new ElasticsearchContainer(image)
                // rtbench talks plain HTTP, as to the local provider's Elasticsearch
                .withEnv("xpack.security.enabled", "false")
                .withEnv("ES_JAVA_OPTS", heapOptions(options));
        return start(SearchEngine.ELASTICSEARCH.kind(), image, container, options);
    }

    public static RunningServer opensearch(DockerImages images, ServerConfig options) {
        DockerImageName image = images.image(SearchEngine.OPENSEARCH.kind(), "opensearchproject/opensearch");
        GenericContainer<?> container = new GenericContainer<>(image)
                .withExposedPorts(HTTP_PORT)
                .withEnv("discovery.type", "single-node")
                .withEnv("DISABLE_SECURITY_PLUGIN", "true")
                .withEnv("DISABLE_INSTALL_DEMO_CONFIG", "true")
                .withEnv("OPENSEARCH_JAVA_OPTS", heapOptions(options))
                .waitingFor(Wait.forHttp("/_cluster/health").forPort(HTTP_PORT).forStatusCode(200));
        return start(SearchEngine.OPENSEARCH.kind(), image, container, options);
    }

    private static RunningServer start(
            ServerKind kind, DockerImageName image, GenericContainer<?> container, ServerConfig options) {
        options.settings().forEach((name, value) -> {
            if (!name.equals(HEAP)) {
                container.withEnv(name, value);
            }
        });
        // a port chosen here, not the engine's: the engine picks a random port anew when the container is started again
        Containers.publishOn(container, HTTP_PORT, FreePorts.orFree(options.port()));
        ContainerLog log = Containers.start(kind, image, container);
        int port = container.getMappedPort(HTTP_PORT);
        String address = "http://" + Containers.host(container) + ":" + port;
        // as the local provider's restart: SIGTERM (the image's stop signal), over when every index's primary shard is
        // back, within the time a first start gets
        String primariesBack = address + SearchEngine.PRIMARIES_BACK_PATH;
        return new ContainerServer(kind, container, address, port, version(address), log)
                .restartableWhen(
                        () -> Containers.answersOk(primariesBack),
                        Containers.START_TIMEOUT,
                        ContainerServer.Stop.GRACEFUL);
    }

    private static String heapOptions(ServerConfig options) {
        String heap = options.setting(HEAP).orElse(DEFAULT_HEAP);
        if (!HEAP_SIZE.matcher(heap).matches()) {
            throw new IllegalArgumentException(HEAP + " must be a size such as 512m or 2g, got '" + heap + "'");
        }
        return "-Xms" + heap + " -Xmx" + heap;
    }

    /** From the node info: {@code GET /} answers 405 on Elasticsearch's distribution build (docs/TARGETS.md). */
    private static String version(String address) {
        try {
            JsonNode nodes = JSON.readTree(Containers.get(address + "/_nodes/_local?filter_path=nodes.*.version"))
                    .path("nodes");
            Iterator<Map.Entry<String, JsonNode>> fields = nodes.fields();
            return fields.hasNext() ? fields.next().getValue().path("version").asText() : "unknown";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
