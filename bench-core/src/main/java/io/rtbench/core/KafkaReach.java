package io.rtbench.core;

import java.time.Duration;
import java.util.Locale;

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

    /** {@code 10 s}, {@code 2.5 s}: a timeout as the user gave it. */
    public static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1e3);
    }
}
