package io.rtbench.core.fault;

/**
 * What faults {@code target-restart} and {@code broker-restart} act on: a server this host runs for the run, stopped and
 * started again on the same port with its data kept (docs/MEASUREMENT.md, "Freshness under faults"). Implemented by
 * bench-servers for the database and the Kafka broker a run started.
 */
public interface Restartable {

    /**
     * Stops the server and returns once it has stopped, its files kept; an {@link IllegalStateException} saying why when
     * it did not stop.
     */
    void stop();

    /**
     * Starts the server again on the same port with the data {@link #stop} kept, and returns once it answers clients;
     * an {@link IllegalStateException} saying why when it did not. Does nothing while the server runs.
     */
    void start();

    /** The server as a user knows it, for messages: {@code postgres at 127.0.0.1:5432}. */
    String description();
}
