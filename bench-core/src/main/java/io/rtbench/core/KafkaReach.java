package io.rtbench.core;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutionException;

/** What every part says of a broker that does not answer at the start: one sentence, naming the fix. */
public final class KafkaReach {

    private KafkaReach() {}

    /** {@code cannot reach Kafka at H:P within 10 s; check --bootstrap-servers …}. */
    public static String unreachable(String bootstrapServers, Duration within) {
        return "cannot reach Kafka at " + bootstrapServers + " within " + seconds(within)
                + "; check --bootstrap-servers and that the broker runs (TLS/SASL settings go in --kafka-config)";
    }

    /** {@code Kafka at H:P refused: …}: the broker answered, and said no (authentication, authorization …). */
    public static String refused(String bootstrapServers, String reason) {
        return "Kafka at " + bootstrapServers + " refused: " + reason;
    }

    /**
     * The failure of a call made to the broker at the start, as one line: a timeout of either kind (the future's, or
     * the Kafka client's own {@code TimeoutException}) is a broker that did not answer; anything else, the broker's no.
     *
     * @param failure what the call threw; an {@link ExecutionException} is read for its cause
     */
    public static BenchmarkException failure(String bootstrapServers, Duration within, Throwable failure) {
        Throwable cause =
                failure instanceof ExecutionException && failure.getCause() != null ? failure.getCause() : failure;
        // by simple name, because this module does not depend on the Kafka client (its TimeoutException is not the
        // JDK's)
        return cause.getClass().getSimpleName().equals("TimeoutException")
                ? new BenchmarkException(unreachable(bootstrapServers, within), failure)
                : new BenchmarkException(refused(bootstrapServers, cause.getMessage()), failure);
    }

    /**
     * {@code cannot use Kafka at H:P: …}: a Kafka client that could not even be made, most often from a setting of
     * {@code --kafka-config} (a truststore that is not there, a SASL mechanism without its JAAS line); the causes say
     * which, where the client's own message ("Failed to create new KafkaAdminClient") does not.
     */
    public static String unusable(String bootstrapServers, Throwable failure) {
        return "cannot use Kafka at " + bootstrapServers + ": " + Causes.oneLine(failure);
    }

    /** {@code 10 s}, {@code 2.5 s}: a timeout as the user gave it. */
    public static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1e3);
    }
}
