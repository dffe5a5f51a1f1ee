package io.rtbench.servers.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ConnectorStatusTest {

    private static final String TASK_TRACE = "org.apache.kafka.connect.errors.ConnectException: Exiting"
            + " WorkerSinkTask due to unrecoverable exception.\n"
            + "\tat org.apache.kafka.connect.runtime.WorkerSinkTask.deliverMessages(WorkerSinkTask.java:636)\n"
            + "\tat java.base/java.lang.Thread.run(Thread.java:1583)\n"
            + "Caused by: org.apache.kafka.connect.errors.ConnectException: the target kept failing for 3 s (4"
            + " retries); last error: opensearch at http://127.0.0.1:9: bulk failed: cannot connect\n"
            + "\tat io.rtbench.connectors.connect.RtbenchSinkTask.retryLater(RtbenchSinkTask.java:160)\n"
            + "\t... 12 more\n"
            + "Caused by: io.rtbench.core.target.TargetException: opensearch at http://127.0.0.1:9: bulk failed\n"
            + "\t... 14 more\n";

    private static ConnectorStatus parse(String json) throws Exception {
        return ConnectorStatus.fromJson(new ObjectMapper().readTree(json));
    }

    @Test
    void runningMeansTheConnectorAndEveryTask() throws Exception {
        ConnectorStatus running = parse("{\"name\":\"s\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},"
                + "\"tasks\":[{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},"
                + "{\"id\":1,\"state\":\"RUNNING\",\"worker_id\":\"w:1\"}],\"type\":\"sink\"}");
        ConnectorStatus starting = parse("{\"name\":\"s\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},"
                + "\"tasks\":[{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},"
                + "{\"id\":1,\"state\":\"UNASSIGNED\",\"worker_id\":\"w:1\"}]}");
        ConnectorStatus noTasks =
                parse("{\"name\":\"s\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"w:1\"},\"tasks\":[]}");

        assertThat(running.isRunning()).isTrue();
        assertThat(running.failure()).isEmpty();
        assertThat(starting.isRunning()).isFalse();
        assertThat(starting.describe()).isEqualTo("connector RUNNING, tasks 0 RUNNING, 1 UNASSIGNED");
        assertThat(noTasks.isRunning()).isFalse();
        assertThat(noTasks.describe()).isEqualTo("connector RUNNING, no tasks");
    }

    @Test
    void aFailedTaskIsOneLineWithTheCauseThatSaysWhy() throws Exception {
        String json = "{\"name\":\"os-sink\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"127.0.0.1:8083\"},"
                + "\"tasks\":[{\"id\":0,\"state\":\"FAILED\",\"worker_id\":\"127.0.0.1:8083\",\"trace\":"
                + new ObjectMapper().writeValueAsString(TASK_TRACE) + "}]}";

        String failure = parse(json).failure().orElseThrow();

        assertThat(failure)
                .isEqualTo("connector os-sink task 0 FAILED on 127.0.0.1:8083: ConnectException: Exiting"
                        + " WorkerSinkTask due to unrecoverable exception. <- ConnectException: the target kept"
                        + " failing for 3 s (4 retries); last error: opensearch at http://127.0.0.1:9: bulk failed:"
                        + " cannot connect");
    }

    @Test
    void aFirstLineThatSaysItAllIsNotRepeated() {
        String trace = "org.apache.kafka.connect.errors.ConnectException: postgres at postgresql://h:1/db: cannot"
                + " connect\n\tat x.Y.z(Y.java:1)\nCaused by: io.rtbench.core.target.TargetException: postgres at"
                + " postgresql://h:1/db: cannot connect\n";

        assertThat(ConnectorStatus.summarize(trace))
                .isEqualTo("ConnectException: postgres at postgresql://h:1/db: cannot connect");
        assertThat(ConnectorStatus.summarize(null)).isEqualTo("no trace");
    }

    @Test
    void aFailedConnectorIsReportedToo() throws Exception {
        ConnectorStatus failed = parse("{\"name\":\"dbz\",\"connector\":{\"state\":\"FAILED\",\"worker_id\":\"w:1\","
                + "\"trace\":\"org.apache.kafka.common.config.ConfigException: Invalid value x for configuration"
                + " insert.mode\\n\\tat a.B.c(B.java:1)\"},\"tasks\":[]}");

        assertThat(failed.failure())
                .contains(
                        "connector dbz FAILED on w:1: ConfigException: Invalid value x for configuration insert.mode");
    }
}
