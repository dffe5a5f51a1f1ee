package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.result.ConnectTasks;
import io.rtbench.core.result.ConnectTasks.Placement;
import io.rtbench.core.result.ConnectTasks.Task;
import io.rtbench.servers.connect.ConnectorDefinition;
import io.rtbench.servers.connect.ConnectorStatus;
import io.rtbench.servers.connect.ConnectorStatus.TaskStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskPlacementsTest {

    private static final String A = "127.0.0.1:8083";
    private static final String B = "127.0.0.1:8084";

    private static ConnectorStatus status(TaskStatus... tasks) {
        return new ConnectorStatus("sink", ConnectorStatus.RUNNING, A, null, List.of(tasks));
    }

    private static TaskStatus task(int id, String state, String worker) {
        return new TaskStatus(id, state, worker, null);
    }

    @Test
    void aStepRecordsThePlacementAtItsStartAndEachChangeAndCountsTheMoves() {
        TaskPlacements placements = new TaskPlacements("sink");
        placements.observe(Instant.ofEpochSecond(1), status(task(1, "RUNNING", B), task(0, "RUNNING", A)));
        placements.beginStep(Instant.ofEpochSecond(10));
        placements.observe(Instant.ofEpochSecond(11), status(task(0, "RUNNING", A), task(1, "RUNNING", B)));
        placements.observe(Instant.ofEpochSecond(20), status(task(0, "RUNNING", A), task(1, "UNASSIGNED", B)));
        placements.observe(Instant.ofEpochSecond(25), status(task(0, "RUNNING", A), task(1, "RUNNING", A)));

        List<Placement> step = placements.step();
        ConnectTasks tasks = ConnectTasks.of("sink", 2, 4, step);

        assertThat(step)
                .extracting(Placement::at)
                .as("the start, then only the changes")
                .containsExactly(Instant.ofEpochSecond(10), Instant.ofEpochSecond(20), Instant.ofEpochSecond(25));
        assertThat(step.get(0).tasks()).containsExactly(new Task(0, "RUNNING", A), new Task(1, "RUNNING", B));
        assertThat(step.get(2).tasks()).extracting(Task::workerId).containsOnly(A);
        assertThat(tasks.moves()).as("task 1 moved from B to A").isEqualTo(1);
        assertThat(TaskPlacements.describe(step.get(1))).isEqualTo("0 RUNNING on " + A + ", 1 UNASSIGNED on " + B);
    }

    @Test
    void aConnectorNeverSeenHasNoPlacementsAndTasksStayWhereTheyWere() {
        TaskPlacements placements = new TaskPlacements("sink");
        placements.beginStep(Instant.EPOCH);

        assertThat(placements.step()).isEmpty();
        assertThat(ConnectTasks.of(
                                "sink", 1, 1, List.of(new Placement(Instant.EPOCH, List.of(new Task(0, "RUNNING", A)))))
                        .moves())
                .isZero();
    }

    @Test
    void tasksMaxIsCutToTheTopicsPartitions() {
        ConnectorDefinition eight = new ConnectorDefinition("sink", Map.of("connector.class", "X", "tasks.max", "8"));

        assertThat(ConnectStage.boundTasks(eight, 2).config()).containsEntry("tasks.max", "2");
        assertThat(ConnectStage.boundTasks(eight, null).config())
                .as("a topic rtbench creates")
                .containsEntry("tasks.max", Integer.toString(RunSpecMapping.TOPIC_PARTITIONS));
        assertThat(ConnectStage.boundTasks(eight, 8)).isSameAs(eight);
    }
}
