package io.rtbench.hosts;

import io.rtbench.core.BenchmarkException;
import io.rtbench.hosts.HostMessages.Share;
import io.rtbench.hosts.HostMessages.StepReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The workers of one run as the coordinator knows them (docs/GUIDE.md, "Several hosts"): who is silent or failed, and
 * their reports of a step added up. {@link WorkersStage} talks to them; this class only reads what they said.
 */
final class WorkerRoster {

    /** A worker sends a record every second; silent this long, it is gone. */
    static final Duration SILENCE = Duration.ofSeconds(10);

    private final Map<String, RemoteWorker> workers = new ConcurrentHashMap<>();
    private volatile List<Share> shares;

    /** The workers chosen, each with its share, in the order of the shares. */
    void assign(List<Share> split, long nowMs) {
        for (Share share : split) {
            RemoteWorker worker = new RemoteWorker(share.worker(), nowMs);
            worker.share = share;
            workers.put(share.worker(), worker);
        }
        shares = List.copyOf(split);
    }

    boolean assigned() {
        return shares != null;
    }

    /** The worker of this id, or null for one that is not in the run (a claim that came too late). */
    RemoteWorker get(String id) {
        return workers.get(id);
    }

    Collection<RemoteWorker> all() {
        return workers.values();
    }

    /** In the order of their shares. */
    List<RemoteWorker> ordered() {
        List<RemoteWorker> ordered = new ArrayList<>();
        for (Share share : shares) {
            ordered.add(workers.get(share.worker()));
        }
        return ordered;
    }

    long heardWithin(long nowMs, long limitMs) {
        return workers.values().stream()
                .filter(worker -> !worker.silentFor(nowMs, limitMs))
                .count();
    }

    /** The first worker that failed or fell silent, said in one line. */
    Optional<String> failure(long nowMs) {
        for (RemoteWorker worker : workers.values()) {
            if (worker.failure != null) {
                return Optional.of("worker " + worker.id + ": " + worker.failure);
            }
            if (worker.silentFor(nowMs, SILENCE.toMillis())) {
                return Optional.of("worker " + worker.id + " sent nothing for " + SILENCE.toSeconds()
                        + " s (it sends a record every second): it is gone, or cut off from Kafka");
            }
        }
        return Optional.empty();
    }

    /**
     * Waits until every worker meets {@code condition}; a worker that failed or fell silent ends the wait (the engine
     * then ends the run with {@link #failure}), and a live one that takes longer than {@code timeout} is a failure.
     */
    void awaitAll(Predicate<RemoteWorker> condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long now = System.currentTimeMillis();
            List<String> waiting = workers.values().stream()
                    .filter(worker -> !condition.test(worker))
                    .filter(worker -> worker.failure == null && !worker.silentFor(now, SILENCE.toMillis()))
                    .map(worker -> worker.id)
                    .toList();
            if (waiting.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new BenchmarkException("worker(s) " + String.join(", ", waiting) + " did not " + what + " within "
                        + timeout.toSeconds() + " s");
            }
            pause();
        }
    }

    /** Events produced per generator of the step, of every worker: for the audit. */
    Map<Long, Long> producedByGenerator() {
        return perGenerator(StepReport::producedByGenerator);
    }

    /** The newest {@code _event_time} of every generator of the step. */
    Map<Long, Long> newestEventTimes() {
        return perGenerator(StepReport::newestEventTimes);
    }

    /** Events the workers' destinations refused in the run so far. */
    long failedEvents() {
        return workers.values().stream()
                .filter(w -> w.report != null)
                .mapToLong(w -> w.report.failedInRun())
                .sum();
    }

    long sentEvents() {
        return workers.values().stream().mapToLong(worker -> worker.sentEvents).sum();
    }

    private Map<Long, Long> perGenerator(Function<StepReport, Map<Long, Long>> figure) {
        Map<Long, Long> all = new HashMap<>();
        workers.values().stream().filter(w -> w.report != null).forEach(w -> all.putAll(figure.apply(w.report)));
        return all;
    }

    static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkException("interrupted while waiting for the workers");
        }
    }
}
