package io.rtbench.connectors.search;

import io.rtbench.servers.RunningServer;
import io.rtbench.servers.junit.RealServer;
import org.junit.jupiter.api.BeforeAll;

class ElasticsearchTargetIT extends SearchEngineTargetIT {

    @BeforeAll
    void server(@RealServer("elasticsearch") RunningServer server) {
        this.server = server;
    }

    @Override
    protected String kind() {
        return "elasticsearch";
    }
}
