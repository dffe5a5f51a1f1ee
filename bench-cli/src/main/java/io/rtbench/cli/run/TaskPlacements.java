package io.rtbench.cli.run;

import io.rtbench.core.result.ConnectTasks.Placement;
import io.rtbench.core.result.ConnectTasks.Task;
import io.rtbench.servers.connect.ConnectorStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a sink connector's tasks run, from its status polled once a second (docs/CONNECT.md, "A cluster of several
 * workers"): per step the placement at its start, then each change. Fed by the poller thread, read by the engine's.
 */
final class TaskPlacements {

    private static final Logger LOG = LoggerFactory.getLogger(TaskPlacements.class);

    private final String connector;
    private final List<Placement> step = new ArrayList<>();
    private Placement last;

    TaskPlacements(String connector) {
        this.connector = connector;
    }

    /** Records the tasks of {@code status} when they differ from the last ones seen (a task moved or changed state). */
    synchronized void observe(Instant at, ConnectorStatus status) {
        Placement now = new Placement(
                at,
                status.tasks().stream()
                        .sorted(Comparator.comparingInt(ConnectorStatus.TaskStatus::id))
                        .map(task -> new Task(task.id(), task.state(), task.workerId()))
                        .toList());
        if (now.sameAs(last)) {
            return;
        }
        LOG.info("connector {} tasks {}: {}", connector, last == null ? "placed" : "changed", describe(now));
        last = now;
        step.add(now);
    }

    /** A new step starts with the placement as it is now. */
    synchronized void beginStep(Instant at) {
        step.clear();
        if (last != null) {
            step.add(new Placement(at, last.tasks()));
        }
    }

    /** The current step's placements, oldest first; empty when the connector's status was never read. */
    synchronized List<Placement> step() {
        return List.copyOf(step);
    }

    /** {@code 0 RUNNING on 127.0.0.1:8083, 1 UNASSIGNED on 127.0.0.1:8084}. */
    static String describe(Placement placement) {
        if (placement.tasks().isEmpty()) {
            return "no tasks";
        }
        return placement.tasks().stream()
                .map(task -> task.id() + " " + task.state() + (task.workerId() == null ? "" : " on " + task.workerId()))
                .collect(Collectors.joining(", "));
    }
}
