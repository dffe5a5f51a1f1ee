package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.junit.OwnServer;
import io.rtbench.servers.junit.RealServer;
import io.rtbench.servers.junit.ServersExtension;
import io.rtbench.servers.junit.SuiteOrder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(ServersExtension.class)
@LocalProviderOnly("the local child process, its service user and arguments; DockerServersIT covers the container")
@Order(SuiteOrder.LONG)
class OpenSearchIT extends SearchEngineContract {

    @BeforeEach
    void server(@RealServer("opensearch") RunningServer opensearch) {
        server = opensearch;
    }

    @Override
    String distributionName() {
        return "opensearch";
    }

    /**
     * Fault {@code target-restart} (docs/MEASUREMENT.md, "Freshness under faults"): the launcher and the server JVM
     * behind it stop; run again on the same files, the node answers on the same port with its documents, and the
     * server's pid is the new JVM's, read from its pid file. Elasticsearch starts and stops by the same code
     * ({@code SearchEngineFactory}); this one restart stands for both (a search engine takes 20-40 s to start here).
     */
    @Test
    void aRestartKeepsItsPortAndItsData(
            @OwnServer(value = "opensearch", why = "stopped and started again") RunningServer opensearch)
            throws Exception {
        String index = opensearch.address() + "/kept";
        post(index + "/_bulk?refresh=true", "{\"index\":{\"_id\":\"a\"}}\n{\"n\":1}\n");
        Restarts.stopAndStartAgain(opensearch);

        assertThat(post(index + "/_count", "{}")).contains("\"count\":1");
    }
}
