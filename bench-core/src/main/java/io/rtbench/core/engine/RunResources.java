package io.rtbench.core.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * What a run opens before its first step: its stages, and whatever else it starts (servers, a metrics endpoint), in
 * order. Everything is closed in the reverse order when the run ends, also when opening failed half-way, so a run that
 * could not start stops the servers it had started. A run of several forks has one for what its forks share
 * ({@link #fork()} 0) and one per fork, closed when that fork ends (docs/MEASUREMENT.md, "Repetitions"). A worker of a
 * run on several hosts holds its share's stages in one too ({@link #open}), closed when it leaves the run.
 */
public final class RunResources implements AutoCloseable {

    private final Deque<AutoCloseable> owned = new ArrayDeque<>();
    private final List<Stage> stages = new ArrayList<>();
    private final List<TickListener> listeners = new ArrayList<>();
    private final StatusLine status;
    private final AtomicBoolean stop;
    private final int fork;
    private final int forks;

    RunResources(StatusLine status, AtomicBoolean stop, int fork, int forks) {
        this.status = status;
        this.stop = stop;
        this.fork = fork;
        this.forks = forks;
    }

    /**
     * Resources held outside the engine's run (a worker's share, whose phases its coordinator decides): {@code open}
     * adds them in order, and what it opened is closed again if it throws; the caller closes the rest.
     */
    public static RunResources open(StatusLine status, AtomicBoolean stop, Consumer<RunResources> open) {
        RunResources resources = new RunResources(status, stop, 1, 1);
        try {
            open.accept(resources);
            return resources;
        } catch (RuntimeException | Error e) {
            resources.close();
            throw e;
        }
    }

    /** 1, 2, … the fork these resources are opened for; 0 for those every fork of the run shares. */
    public int fork() {
        return fork;
    }

    /** How many forks the run makes. */
    public int forks() {
        return forks;
    }

    /** Closes {@code resource} when the run ends; returns it. */
    public <T extends AutoCloseable> T own(T resource) {
        owned.push(resource);
        return resource;
    }

    /** A stage of the run, after the ones added before it; closed when the run ends. */
    public <T extends Stage> T add(T stage) {
        own(stage);
        stages.add(stage);
        return stage;
    }

    /** Receives every second's intervals of a measured phase (e.g. gauges for Prometheus). */
    public void onTick(TickListener listener) {
        listeners.add(listener);
    }

    /**
     * Shows what is being opened ({@code starting Kafka}) or waited for ({@code step 1 … audit: waiting}); for a fork of
     * a run of several, after the fork's name, as the engine's own lines.
     */
    public void progress(String what) {
        status.update(forkPrefix(fork, forks) + what);
    }

    /** {@code fork 2  } before a fork's status lines in a run of several forks; empty otherwise. */
    static String forkPrefix(int fork, int forks) {
        return fork >= 1 && forks > 1 ? "fork " + fork + "  " : "";
    }

    /** Something the user should read after the run too (the live status overwrites itself on a terminal). */
    public void note(String what) {
        status.note(what);
    }

    /** True once the run was asked to stop (Ctrl-C) while it was opening. */
    public boolean stopRequested() {
        return stop.get();
    }

    /** The stages added so far, in order. */
    public List<Stage> stages() {
        return List.copyOf(stages);
    }

    List<TickListener> listeners() {
        return List.copyOf(listeners);
    }

    @Override
    public void close() {
        while (!owned.isEmpty()) {
            try {
                owned.pop().close();
            } catch (Exception e) {
                // closing after the run: the run's own outcome (or first failure) is what the user must see
            }
        }
    }
}
