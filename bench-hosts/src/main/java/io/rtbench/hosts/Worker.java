package io.rtbench.hosts;

import io.rtbench.core.DaemonThreads;
import io.rtbench.core.target.Credentials;
import io.rtbench.hosts.HostMessages.Control;
import io.rtbench.hosts.HostMessages.Result;
import io.rtbench.hosts.HostMessages.Share;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code rtbench worker}: waits for runs announced on {@code rtbench.control}, claims a place in one, runs its share
 * ({@link WorkerShareRun}) and goes back to waiting. One run at a time. It ignores announcements older than
 * {@link #STALE} (a run announced before the worker started) and runs whose assignment does not name it, and stops its
 * share when the coordinator has been silent for {@link #LEASE} (docs/GUIDE.md, "Several hosts").
 */
final class Worker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

    /** An announcement older than this is a run that is over or started without this worker. */
    static final Duration STALE = Duration.ofSeconds(30);

    /** The coordinator beats every second; silent this long, it is gone and the share stops. */
    static final Duration LEASE = Duration.ofSeconds(10);

    private final String id;
    /** This process's token in its claims: another process started with the same {@code --id} is told apart. */
    private final String instance = UUID.randomUUID().toString();

    private final String bootstrapServers;
    private final Map<String, String> kafkaConfig;
    private final Credentials credentials;
    private final Consumer<String> say;
    private final BlockingQueue<Control> inbox = new LinkedBlockingQueue<>();
    private final HostChannel<Result, Control> channel;
    private final ScheduledExecutorService ticker =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("rtbench-worker-intervals"));
    private volatile WorkerShareRun current;
    /** The run whose share is being opened, until it runs. */
    private volatile String opening;

    /** The run this idle worker claimed a place in, until it assigns the shares, stops or falls silent. */
    private String claimed;
    /** When the claimed run's coordinator was last heard (it announces every second until it assigns). */
    private long claimHeardMs;

    private long lastFromCoordinatorMs;
    /** The worker's Ctrl-C flag, which also ends a share's phase. */
    private AtomicBoolean stop = new AtomicBoolean();

    Worker(
            String id,
            String bootstrapServers,
            Map<String, String> kafkaConfig,
            Credentials credentials,
            Duration connectTimeout,
            Consumer<String> say) {
        this.id = id;
        this.bootstrapServers = bootstrapServers;
        this.kafkaConfig = kafkaConfig;
        this.credentials = credentials;
        this.say = say;
        HostTopics.ensure(bootstrapServers, kafkaConfig, connectTimeout);
        this.channel = new HostChannel<>(
                bootstrapServers,
                kafkaConfig,
                HostTopics.RESULTS,
                HostTopics.CONTROL,
                Control.class,
                inbox::add,
                "rtbench-worker-control");
        ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    /** Once a second: the running share's intervals; the worker's sign of life while it opens one. */
    private void tick() {
        WorkerShareRun share = current;
        String joining = opening;
        try {
            if (share != null) {
                share.sendInterval();
            } else if (joining != null) {
                // opening the stages can take a while (Kafka and the target answer): the coordinator hears it lives
                channel.send(joining, Result.of(HostMessages.INTERVAL, joining, id, null, null));
            }
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: this worker would look dead to its coordinator
            LOG.warn("could not send an interval", e);
        }
    }

    /** Serves runs until {@code stop} is set. */
    void serve(AtomicBoolean stop) throws InterruptedException {
        this.stop = stop;
        say.accept("worker " + id + ": waiting for runs on " + HostTopics.CONTROL + " at " + bootstrapServers);
        while (!stop.get()) {
            Control command = inbox.poll(100, TimeUnit.MILLISECONDS);
            long now = System.currentTimeMillis();
            WorkerShareRun share = current;
            if (share != null) {
                follow(share, command, now);
            } else {
                if (claimed != null && now - claimHeardMs > LEASE.toMillis()) {
                    release("its coordinator has been silent for " + LEASE.toSeconds() + " s");
                }
                if (command != null) {
                    idle(command, now);
                }
            }
        }
        WorkerShareRun share = current;
        if (share != null) {
            endShare(share, "the worker stops");
        }
        say.accept("worker " + id + ": stopped");
    }

    /**
     * A running share: applies the coordinator's command; while a phase runs, waits for its end as the engine does
     * ({@link WorkerShareRun#awaitPhaseEnd}), the coordinator's next command or its silence deciding it.
     */
    private void follow(WorkerShareRun share, Control command, long now) {
        if (command != null && command.run().equals(share.run())) {
            lastFromCoordinatorMs = now;
            if (command.type().equals(HostMessages.STOP)) {
                endShare(share, "the run is over");
                return;
            }
            handle(share, command);
        }
        if (current != null && share.inPhase()) {
            share.awaitPhaseEnd(() -> coordinatorDecided(share.run()));
        }
        if (current != null && System.currentTimeMillis() - lastFromCoordinatorMs > LEASE.toMillis()) {
            endShare(share, "the coordinator has been silent for " + LEASE.toSeconds() + " s");
        }
    }

    /**
     * During a phase: whether the coordinator has decided what comes next (a command that ends the phase or the share,
     * left in the inbox for {@link #serve}) or fell silent for {@link #LEASE}. Its other commands (beats) keep the
     * lease; other runs' commands are not for a busy worker.
     */
    private boolean coordinatorDecided(String run) {
        Control next;
        while ((next = inbox.peek()) != null) {
            if (next.run().equals(run)) {
                if (next.type().equals(HostMessages.STOP) || WorkerShareRun.acts(next)) {
                    return true;
                }
                lastFromCoordinatorMs = System.currentTimeMillis();
            }
            inbox.poll();
        }
        return System.currentTimeMillis() - lastFromCoordinatorMs > LEASE.toMillis();
    }

    private void handle(WorkerShareRun share, Control command) {
        try {
            share.handle(command);
        } catch (RuntimeException e) {
            // the coordinator hears it on the next interval (the stage's failure) or from this record
            channel.send(
                    share.run(),
                    Result.failed(share.run(), id, command.step(), command.phase(), String.valueOf(e.getMessage())));
            endShare(share, "its share failed: " + e.getMessage());
        }
    }

    /** Whether an idle worker takes a place in the run {@code command} announces: a fresh announcement only. */
    static boolean joins(Control command, long nowMs) {
        return command.type().equals(HostMessages.ANNOUNCE) && nowMs - command.sentMs() < STALE.toMillis();
    }

    /** This worker's share in an assignment; empty when the run chose other workers. */
    static Optional<Share> shareOf(Control assign, String id) {
        return assign.shares() == null
                ? Optional.empty()
                : assign.shares().stream()
                        .filter(share -> share.worker().equals(id))
                        .findFirst();
    }

    private void idle(Control command, long now) {
        if (command.run().equals(claimed)) {
            claimHeardMs = now;
        }
        if (claimed == null && joins(command, now)) {
            claimed = command.run();
            claimHeardMs = now;
            channel.send(claimed, Result.claim(claimed, id, instance));
            channel.flush();
            say.accept("worker " + id + ": claimed a place in run " + claimed);
        } else if (command.type().equals(HostMessages.ASSIGN) && command.run().equals(claimed)) {
            claimed = null;
            Optional<Share> mine = shareOf(command, id);
            if (mine.isPresent() && !instance.equals(mine.get().instance())) {
                say.accept("worker " + id + ": run " + command.run() + " gave the share of " + id
                        + " to another process with that id; give each worker its own --id");
                return;
            }
            if (mine.isEmpty()) {
                say.accept("worker " + id + ": run " + command.run() + " has its workers; waiting for the next");
                return;
            }
            start(command, mine.get(), now);
        } else if (command.type().equals(HostMessages.STOP) && command.run().equals(claimed)) {
            release("it ended before it gave out its shares");
        }
    }

    /** Forgets the claim at once, so that the next run finds this worker free. */
    private void release(String why) {
        say.accept("worker " + id + ": run " + claimed + " " + why + "; waiting for the next");
        claimed = null;
    }

    private void start(Control assign, Share share, long now) {
        opening = assign.run();
        try {
            WorkerShareRun run = new WorkerShareRun(
                    assign.run(),
                    id,
                    share,
                    assign.scenario(),
                    bootstrapServers,
                    kafkaConfig,
                    credentials,
                    channel,
                    stop);
            lastFromCoordinatorMs = now;
            current = run;
            channel.send(assign.run(), Result.of(HostMessages.READY, assign.run(), id, null, null));
            channel.flush();
            say.accept("worker " + id + ": running " + share.generators() + " generator(s) of run " + assign.run());
        } catch (RuntimeException e) {
            channel.send(assign.run(), Result.failed(assign.run(), id, null, null, String.valueOf(e.getMessage())));
            channel.flush();
            say.accept("worker " + id + ": cannot run its share of " + assign.run() + ": " + e.getMessage());
        } finally {
            opening = null;
        }
    }

    private void endShare(WorkerShareRun share, String why) {
        current = null;
        share.abandon(why);
        share.close();
        say.accept("worker " + id + ": left run " + share.run() + " (" + why + ")");
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        channel.close();
    }
}
