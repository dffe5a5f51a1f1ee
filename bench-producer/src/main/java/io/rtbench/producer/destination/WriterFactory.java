package io.rtbench.producer.destination;

/** Opens the shared destination once and hands each generator thread its own {@link DestinationWriter}. */
public interface WriterFactory extends AutoCloseable {

    DestinationWriter forGenerator(long generatorId);

    /** Waits until everything sent so far is acknowledged or has failed. */
    void flush();

    /** What the result file calls the target ({@code kafka}, {@code null} or a target kind). */
    String targetName();

    /** The destination's version for the result file, or null when unknown. */
    String version();

    @Override
    void close();

    /**
     * Closes without waiting for what is still in flight, which then fails: after a failure, when the destination may
     * be gone and waiting would last until the client's own delivery timeout.
     */
    default void abort() {
        close();
    }
}
