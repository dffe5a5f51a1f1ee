package io.rtbench.connectors.search;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import org.junit.jupiter.api.BeforeAll;

class OpenSearchTargetIT extends SearchEngineTargetIT {

    @BeforeAll
    void server(@RealServer("opensearch") RunningServer server) {
        this.server = server;
    }

    @Override
    protected String kind() {
        return "opensearch";
    }
}
