package io.rtbench.servers.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.InternalServerErrorException;
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
    /** How long a pause may take to be in effect, as the local provider's SIGSTOP (the tries of {@link #freeze}). */
    static final Duration PAUSE_WAIT = Duration.ofSeconds(2);

    private static final long POLL_MILLIS = 20;

    private final DockerClient client;
    private final String containerId;
    private final String name;
    private final Duration pauseWait;
    /** Whether this pause froze the container and has not thawed it yet; guarded by this. */
    private boolean paused;

    /** @param name the server as a user knows it, e.g. {@code postgres} */
    ContainerPause(DockerClient client, String containerId, String name) {
        this(client, containerId, name, PAUSE_WAIT);
    }

    ContainerPause(DockerClient client, String containerId, String name, Duration pauseWait) {
        this.client = client;
        this.containerId = containerId;
        this.name = name;
        this.pauseWait = pauseWait;
    }

    @Override
    public String description() {
        return name + " (container " + shortId(containerId) + ")";
    }

    @Override
    public synchronized void pause() {
        long deadlineNanos = System.nanoTime() + pauseWait.toNanos();
        freeze(deadlineNanos);
        paused = true;
        try {
            awaitPaused(deadlineNanos);
        } catch (IllegalStateException e) {
            resume();
            throw e;
        }
    }

    /**
     * {@code docker pause}, tried again until the deadline when the engine failed to freeze: cgroup v1's freezer can stay
     * in FREEZING while processes appear in the container (PostgreSQL forks a backend per connection) or the machine is
     * loaded, and runc then thaws the container and gives up ({@code unable to freeze}); the kernel's docs advise to
     * try again. Any other refusal (not running, gone, already paused) is said at once.
     */
    private void freeze(long deadlineNanos) {
        for (int tries = 1; ; tries++) {
            try {
                client.pauseContainerCmd(containerId).exec();
                return;
            } catch (InternalServerErrorException e) {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new IllegalStateException(
                            description() + " could not be paused in " + tries + " tries within " + pauseWait.toMillis()
                                    + " ms: " + e.getMessage(),
                            e);
                }
                LOG.info("docker pause {} (try {}): {}; trying again", description(), tries, e.getMessage());
                sleep();
            } catch (RuntimeException e) {
                throw new IllegalStateException(description() + " could not be paused: " + e.getMessage(), e);
            }
        }
    }

    private void awaitPaused(long deadlineNanos) {
        String state = state();
        while (!state.equals("paused")) {
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new IllegalStateException(description() + " was not paused within " + pauseWait.toMillis()
                        + " ms of docker pause (state " + state + ")");
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
