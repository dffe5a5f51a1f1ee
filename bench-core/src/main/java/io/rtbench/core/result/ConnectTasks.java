package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code kafka-connect} step's sink connector: its tasks and the Connect worker each ran on (docs/CONNECT.md, "A
 * cluster of several workers"), as the worker's REST API reported them ({@code GET /connectors/NAME/status}, polled
 * once a second): the placement at the step's start, then each change.
 *
 * @param connector the connector's name on the Connect cluster
 * @param tasksMax the {@code tasks.max} it was given; absent where a connector file set none
 * @param partitions the topic's partitions, which bound the tasks that get work; absent where they could not be read
 * @param placements the first at the step's start (or when the connector first answered), then one per change
 * @param moves how often a task was seen on a worker other than the one it was on before (a worker that left, a
 *     rebalance); 0 when every task stayed where it was
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConnectTasks(
        String connector, Integer tasksMax, Integer partitions, List<Placement> placements, int moves) {

    public ConnectTasks {
        Objects.requireNonNull(connector, "connector");
        placements = List.copyOf(placements);
    }

    /** With {@link #moves} counted from the placements. */
    public static ConnectTasks of(String connector, Integer tasksMax, Integer partitions, List<Placement> placements) {
        return new ConnectTasks(connector, tasksMax, partitions, placements, moves(placements));
    }

    /** The tasks at one moment, by task id. */
    public record Placement(Instant at, List<Task> tasks) {
        public Placement {
            Objects.requireNonNull(at, "at");
            tasks = List.copyOf(tasks);
        }

        /** Whether the same tasks are in the same states on the same workers (the moment aside). */
        public boolean sameAs(Placement other) {
            return other != null && tasks.equals(other.tasks);
        }
    }

    /**
     * @param state Connect's: {@code RUNNING}, {@code UNASSIGNED}, {@code FAILED}, …
     * @param workerId the worker as Connect names it ({@code host:port} of its REST API); absent where none was named
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Task(int id, String state, String workerId) {}

    private static int moves(List<Placement> placements) {
        Map<Integer, String> lastWorker = new HashMap<>();
        int moves = 0;
        for (Placement placement : placements) {
            for (Task task : placement.tasks()) {
                if (task.workerId() == null) {
                    continue;
                }
                String before = lastWorker.put(task.id(), task.workerId());
                if (before != null && !before.equals(task.workerId())) {
                    moves++;
                }
            }
        }
        return moves;
    }
}
