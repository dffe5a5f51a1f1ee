package io.rtbench.servers.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import io.rtbench.core.fault.Pausable;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fault {@code target-pause} on a container (docs/MEASUREMENT.md, "Freshness under faults"; docs/DOCKER.md): {@code
 * docker pause}, which freezes every process of the container with the cgroup freezer (PostgreSQL's backends with
 * their postmaster, and any process forked while it is frozen), and {@code docker unpause}. A pause takes effect when
 * the engine says the container is paused; one that does not is unpaused again and said.
 */
final class ContainerPause implements Pausable {

    private static final Logger LOG = LoggerFactory.getLogger(ContainerPause.class);
    /** The engine answers a pause once the freezer has frozen the container: this is a margin, not a wait. */
    private static final Duration PAUSE_WAIT = Duration.ofSeconds(2);

    private static final long POLL_MILLIS = 20;

    private final DockerClient client;
    private final String containerId;
    private final String name;
    /** Whether this pause froze the container and has not thawed it yet; guarded by this. */
    private boolean paused;

    /** @param name the server as a user knows it, e.g. {@code postgres} */
    ContainerPause(DockerClient client, String containerId, String name) {
        this.client = client;
        this.containerId = containerId;
        this.name = name;
    }

    @Override
    public String description() {
        return name + " (container " + shortId(containerId) + ")";
    }

    @Override
    public synchronized void pause() {
        try {
            client.pauseContainerCmd(containerId).exec();
        } catch (RuntimeException e) {
            // not running (stopped, gone), already paused by someone else, or the engine refused
            throw new IllegalStateException(description() + " could not be paused: " + e.getMessage(), e);
        }
        paused = true;
        try {
            awaitPaused();
        } catch (IllegalStateException e) {
            resume();
            throw e;
        }
    }

    private void awaitPaused() {
        long deadlineNanos = System.nanoTime() + PAUSE_WAIT.toNanos();
        String state = state();
        while (!state.equals("paused")) {
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new IllegalStateException(description() + " was not paused within " + PAUSE_WAIT.toSeconds()
                        + " s of docker pause (state " + state + ")");
            }
            sleep();
            state = state();
        }
    }

    @Override
    public synchronized void resume() {
        if (!paused) {
            return;
        }
        paused = false;
        try {
            client.unpauseContainerCmd(containerId).exec();
        } catch (RuntimeException e) {
            // a container removed meanwhile (the run closed it) has nothing left to continue
            LOG.info("docker unpause {}: {}", description(), e.getMessage());
        }
    }

    /** Whether this pause has the container frozen now. */
    synchronized boolean paused() {
        return paused;
    }

    /** The engine's word for the container's state ({@code running}, {@code paused}, {@code exited} …). */
    private String state() {
        try {
            InspectContainerResponse.ContainerState state =
                    client.inspectContainerCmd(containerId).exec().getState();
            return Boolean.TRUE.equals(state.getPaused()) ? "paused" : String.valueOf(state.getStatus());
        } catch (RuntimeException e) {
            return "unknown: " + e.getMessage();
        }
    }

    /** The id as {@code docker ps} shows it. */
    static String shortId(String containerId) {
        return containerId.length() > 12 ? containerId.substring(0, 12) : containerId;
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pausing a container", e);
        }
    }
}
