package io.rtbench.servers.connect;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A connector's state as {@code GET /connectors/{name}/status} reports it.
 *
 * @param state {@code RUNNING}, {@code FAILED}, {@code PAUSED}, {@code STOPPED}, {@code UNASSIGNED} or
 *     {@code RESTARTING}
 * @param trace the stack trace of a failure, or null
 */
public record ConnectorStatus(String name, String state, String workerId, String trace, List<TaskStatus> tasks) {

    public static final String RUNNING = "RUNNING";
    public static final String FAILED = "FAILED";

    private static final int MAX_SUMMARY_CHARS = 600;
    private static final Pattern QUALIFIED_CLASS = Pattern.compile("^(?:[a-z_][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_$]*)");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    public ConnectorStatus {
        tasks = List.copyOf(tasks);
    }

    /** One task of the connector. */
    public record TaskStatus(int id, String state, String workerId, String trace) {}

    static ConnectorStatus fromJson(JsonNode json) {
        List<TaskStatus> tasks = new ArrayList<>();
        for (JsonNode task : json.path("tasks")) {
            tasks.add(new TaskStatus(
                    task.path("id").asInt(),
                    task.path("state").asText(),
                    task.path("worker_id").asText(null),
                    task.path("trace").asText(null)));
        }
        JsonNode connector = json.path("connector");
        return new ConnectorStatus(
                json.path("name").asText(),
                connector.path("state").asText(),
                connector.path("worker_id").asText(null),
                connector.path("trace").asText(null),
                tasks);
    }

    /** The connector and at least one task run, and no task is in another state. */
    public boolean isRunning() {
        return RUNNING.equals(state) && !tasks.isEmpty() && tasks.stream().allMatch(t -> RUNNING.equals(t.state()));
    }

    /** One line on the first failure (the connector's or a task's) with its trace summarized; empty if none failed. */
    public Optional<String> failure() {
        if (FAILED.equals(state)) {
            return Optional.of("connector " + name + " FAILED on " + workerId + ": " + summarize(trace));
        }
        return tasks.stream()
                .filter(task -> FAILED.equals(task.state()))
                .findFirst()
                .map(task -> "connector " + name + " task " + task.id() + " FAILED on " + task.workerId() + ": "
                        + summarize(task.trace()));
    }

    /** {@code connector RUNNING, tasks 0 RUNNING, 1 UNASSIGNED}. */
    public String describe() {
        String taskStates = tasks.isEmpty()
                ? "no tasks"
                : "tasks " + tasks.stream().map(t -> t.id() + " " + t.state()).collect(Collectors.joining(", "));
        return "connector " + state + ", " + taskStates;
    }

    /**
     * A Java stack trace in one line: the exception's first line and, when the first line does not already say it,
     * the first cause's, without package names. Connect wraps task failures ("Exiting WorkerSinkTask due to
     * unrecoverable exception"), so the cause is where the reason is.
     */
    static String summarize(String trace) {
        if (trace == null || trace.isBlank()) {
            return "no trace";
        }
        List<String> lines = trace.lines().map(String::strip).toList();
        String first = simplify(lines.get(0));
        String summary = first;
        Optional<String> cause = lines.stream()
                .filter(line -> line.startsWith("Caused by: "))
                .map(line -> simplify(line.substring("Caused by: ".length())))
                .findFirst();
        if (cause.isPresent() && !first.contains(messageOf(cause.get()))) {
            summary = first + " <- " + cause.get();
        }
        summary = WHITESPACE.matcher(summary).replaceAll(" ");
        return summary.length() <= MAX_SUMMARY_CHARS ? summary : summary.substring(0, MAX_SUMMARY_CHARS) + "…";
    }

    /** {@code org.apache.kafka.connect.errors.ConnectException: …} → {@code ConnectException: …}. */
    private static String simplify(String line) {
        return QUALIFIED_CLASS.matcher(line).replaceFirst("$1");
    }

    private static String messageOf(String exceptionLine) {
        int colon = exceptionLine.indexOf(": ");
        return colon < 0 ? exceptionLine : exceptionLine.substring(colon + 2);
    }
}
