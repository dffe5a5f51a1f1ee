package io.rtbench.report;

import io.rtbench.cli.support.UsageException;
import io.rtbench.core.BenchmarkException;
import io.rtbench.core.metrics.LatencySummary;
import io.rtbench.core.result.PartsMerge;
import io.rtbench.core.result.PartsMerge.Ran;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.core.result.StepResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The results of several hosts of one distributed run (each host ran its own generator + evaluator pairs, spec
 * section 3) as one run: step N of every host becomes one step. Latencies come from the hosts' interval logs added
 * together, so they are exact; a step whose log is missing on any host cannot be merged exactly and fails the merge.
 * The other figures merge as every step of parts side by side does ({@link PartsMerge}): the harness's and the
 * machine's CPU are the busiest host's, named in a note (docs/REPORTS.md, "Several hosts").
 */
final class HostMerge {

    private HostMerge() {}

    /**
     * @throws UsageException when two results are the same run of the same host (one file given twice, or a copy):
     *     merged, every count would be doubled
     * @throws BenchmarkException when the hosts' results do not fit together or cannot be merged exactly
     */
    static ReportedRun merge(List<ReportedRun> hosts) {
        requireEachHostOnce(hosts);
        ReportedRun first = hosts.get(0);
        for (ReportedRun host : hosts) {
            require(
                    host.target().equals(first.target()),
                    "targets differ (" + first.target() + ", " + host.target() + ")");
            require(
                    Objects.equals(host.scenario().pipeline(), first.scenario().pipeline()),
                    "pipelines differ (" + first.scenario().pipeline() + ", "
                            + host.scenario().pipeline() + ")");
            require(
                    host.steps().size() == first.steps().size(),
                    first.source() + " has " + first.steps().size() + " steps, " + host.source() + " has "
                            + host.steps().size());
        }
        Set<String> leftOut = new LinkedHashSet<>();
        List<ReportedStep> steps = new ArrayList<>();
        List<String> busiest = new ArrayList<>();
        for (int i = 0; i < first.steps().size(); i++) {
            int index = i;
            List<ReportedStep> parts =
                    hosts.stream().map(h -> h.steps().get(index)).toList();
            steps.add(step(hosts, parts, leftOut));
            PartsMerge.busiest(parts.stream().map(p -> p.step().host()).toList())
                    .ifPresent(h -> busiest.add("step " + parts.get(0).number() + ": " + name(hosts.get(h))));
        }
        String sources = hosts.stream().map(ReportedRun::source).collect(Collectors.joining(" + "));
        List<String> notes = new ArrayList<>();
        notes.add("merged from " + hosts.size() + " hosts' results (" + sources
                + "): latencies from their interval logs added together, rates and event counts summed");
        if (!leftOut.isEmpty()) {
            notes.add("left out, not in every host's interval log: " + String.join(", ", leftOut));
        }
        if (!busiest.isEmpty()) {
            notes.add("harness and machine CPU: the busiest host's, not added across machines ("
                    + String.join(", ", busiest) + ")");
        }
        RunResult result = result(hosts, steps);
        return new ReportedRun("merged(" + sources + ")", "merged " + first.target(), result, steps, notes);
    }

    /** The host's name as its result gives it, else its file. */
    private static String name(ReportedRun host) {
        RunEnvironment environment = host.result().environment();
        return environment == null || environment.host() == null ? host.source() : environment.host();
    }

    /** Two workers on one machine are two runs (each has its own run id), so run id and host name tell a repeat. */
    private static void requireEachHostOnce(List<ReportedRun> hosts) {
        Map<List<String>, ReportedRun> seen = new HashMap<>();
        for (ReportedRun host : hosts) {
            String runId = host.result().runId();
            if (runId == null) {
                continue; // nothing to tell it by
            }
            RunEnvironment environment = host.result().environment();
            String name = environment == null ? null : environment.host();
            ReportedRun earlier = seen.putIfAbsent(Arrays.asList(runId, name), host);
            if (earlier != null) {
                String which = earlier.source().equals(host.source())
                        ? host.source() + " is given twice"
                        : earlier.source() + " and " + host.source() + " are both run " + runId
                                + (name == null ? "" : " of host " + name);
                throw new UsageException("--merge takes each host's result once: " + which
                        + ", and merging them would count every event twice");
            }
        }
    }

    private static ReportedStep step(List<ReportedRun> hosts, List<ReportedStep> parts, Set<String> leftOut) {
        ReportedStep first = parts.get(0);
        for (int h = 0; h < parts.size(); h++) {
            ReportedStep part = parts.get(h);
            require(
                    part.histograms() != null,
                    "step " + part.number() + " of " + hosts.get(h).source() + " has no interval log ("
                            + part.histogramNote() + "), so its percentiles cannot be merged exactly");
        }
        StepHistograms histograms = StepHistograms.merge(
                parts.stream().map(ReportedStep::histograms).toList());
        Map<String, LatencySummary> latency = PartsMerge.latencies(
                parts.stream().map(p -> p.histograms().totals()).toList());
        metricsOf(parts).stream().filter(m -> !latency.containsKey(m)).forEach(leftOut::add);
        StepResult merged = PartsMerge.step(
                        parts.stream().map(ReportedStep::step).toList(), Ran.SIDE_BY_SIDE)
                .latencies(latency)
                .build();
        return new ReportedStep(first.number(), merged, merged.batchSize(), histograms, null);
    }

    /** The metrics of the hosts' summaries, and of their logs: the log has the samples either way. */
    private static Set<String> metricsOf(List<ReportedStep> parts) {
        Set<String> metrics = new LinkedHashSet<>();
        parts.forEach(p -> metrics.addAll(p.step().latencyMs().keySet()));
        parts.forEach(p -> metrics.addAll(p.histograms().metrics()));
        metrics.remove("");
        return metrics;
    }

    private static RunResult result(List<ReportedRun> hosts, List<ReportedStep> steps) {
        RunResult first = hosts.get(0).result();
        List<RunResult> all = hosts.stream().map(ReportedRun::result).toList();
        Instant started = all.stream()
                .map(RunResult::startedAt)
                .filter(Objects::nonNull)
                .min(Comparator.naturalOrder())
                .orElse(null);
        Instant finished = all.stream().anyMatch(r -> r.finishedAt() == null)
                ? null
                : all.stream()
                        .map(RunResult::finishedAt)
                        .max(Comparator.naturalOrder())
                        .orElse(null);
        Boolean complete = all.stream().allMatch(r -> Boolean.TRUE.equals(r.complete()));
        Scenario scenario = first.scenario();
        Scenario merged = new Scenario(
                scenario.target(),
                scenario.pipeline(),
                scenario.batchSize(),
                all.stream().allMatch(r -> r.scenario().generators() != null)
                        ? all.stream().mapToInt(r -> r.scenario().generators()).sum()
                        : null,
                scenario.docSize(),
                scenario.seed(),
                scenario.prefillEvents(),
                scenario.settings());
        return new RunResult(
                first.schema(),
                joined(all, RunResult::runId),
                started,
                finished,
                complete,
                first.tool(),
                environment(all),
                merged,
                steps.stream().map(ReportedStep::step).toList(),
                null,
                null);
    }

    /** The hosts' names joined; other fields kept when every host agrees. */
    private static RunEnvironment environment(List<RunResult> all) {
        List<RunEnvironment> environments = all.stream()
                .map(RunResult::environment)
                .filter(Objects::nonNull)
                .toList();
        if (environments.size() != all.size()) {
            return null;
        }
        return new RunEnvironment(
                joined(environments, RunEnvironment::host),
                same(environments, RunEnvironment::cpus),
                same(environments, RunEnvironment::os),
                same(environments, RunEnvironment::jvm),
                same(environments, RunEnvironment::kafkaVersion),
                same(environments, RunEnvironment::targetVersion));
    }

    private static <T> String joined(List<T> items, Function<T, String> field) {
        return items.stream().map(field).map(String::valueOf).distinct().collect(Collectors.joining(" + "));
    }

    private static <T, V> V same(List<T> items, Function<T, V> field) {
        Set<V> values = items.stream().map(field).collect(Collectors.toSet());
        return values.size() == 1 ? values.iterator().next() : null;
    }

    private static void require(boolean condition, String problem) {
        if (!condition) {
            throw new BenchmarkException("cannot merge the hosts' results: " + problem);
        }
    }
}
