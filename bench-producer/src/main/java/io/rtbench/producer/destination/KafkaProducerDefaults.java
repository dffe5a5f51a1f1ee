package io.rtbench.producer.destination;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The producer settings rtbench sends with unless the user's Kafka client settings ({@code --producer-config},
 * {@code --kafka-config}) say otherwise: idempotent, every record acknowledged by all in-sync replicas; Kafka's
 * defaults otherwise. The benchmarks give their baselines the same (docs/BENCHMARKS.md).
 *
 * <p>Idempotence needs {@code acks=all}, {@code retries} above 0 and at most 5 requests in flight. Kafka's own client
 * drops its idempotence default, without a word, when the user's settings rule it out and do not ask for it; it fails
 * only when the user asked for both. rtbench does the same with its default, and says so in the run's settings
 * ({@link #describe}); a user's explicit {@code enable.idempotence=true} with a setting that rules it out is a usage
 * error.
 */
public final class KafkaProducerDefaults {

    public static final Map<String, String> SETTINGS =
            Map.of(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true", ProducerConfig.ACKS_CONFIG, "all");

    /** Kafka's limit of in-flight requests per connection for an idempotent producer. */
    private static final int MAX_IN_FLIGHT_FOR_IDEMPOTENCE = 5;

    private KafkaProducerDefaults() {}

    /**
     * The settings to send with: rtbench's defaults, the user's over them, and idempotence off when the user's
     * settings rule it out without asking for it.
     *
     * @throws IllegalArgumentException when the user asked for idempotence with a setting that rules it out
     */
    public static Map<String, String> resolve(Map<String, String> user) {
        Map<String, String> settings = new HashMap<>(SETTINGS);
        settings.putAll(user);
        if (idempotenceDropped(user) != null) {
            settings.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        }
        return settings;
    }

    /**
     * Why rtbench's idempotence default does not apply to the user's settings (e.g. {@code acks=1}), or null when it
     * does or the user set {@code enable.idempotence} themselves.
     *
     * @throws IllegalArgumentException when the user asked for idempotence with a setting that rules it out
     */
    public static String idempotenceDropped(Map<String, String> user) {
        String conflict = conflictWithIdempotence(user);
        String asked = user.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG);
        if (conflict == null || asked != null && !asked.trim().equalsIgnoreCase("true")) {
            return null;
        }
        if (asked != null) {
            throw new IllegalArgumentException("the Kafka client settings set enable.idempotence=true and " + conflict
                    + ", which rules idempotence out: remove enable.idempotence, or "
                    + remedy(conflict));
        }
        return conflict;
    }

    /**
     * The user's settings as the result file shows them: {@code masked} (the user's settings with secrets masked), and
     * a dropped idempotence default named with its reason.
     */
    public static Map<String, String> describe(Map<String, String> user, Map<String, String> masked) {
        String dropped = idempotenceDropped(user);
        if (dropped == null) {
            return masked;
        }
        Map<String, String> shown = new TreeMap<>(masked);
        shown.put(
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                "false (rtbench's default true dropped: " + dropped + " rules it out, as in Kafka's own client)");
        return shown;
    }

    /** The first of the user's settings that an idempotent producer cannot have, as {@code name=value}, or null. */
    private static String conflictWithIdempotence(Map<String, String> user) {
        String acks = user.get(ProducerConfig.ACKS_CONFIG);
        if (acks != null) {
            String normalized = acks.trim().toLowerCase(Locale.ROOT);
            if (!normalized.equals("all") && !normalized.equals("-1")) {
                return ProducerConfig.ACKS_CONFIG + "=" + acks.trim();
            }
        }
        Integer retries = integer(user.get(ProducerConfig.RETRIES_CONFIG));
        if (retries != null && retries == 0) {
            return ProducerConfig.RETRIES_CONFIG + "=0";
        }
        Integer inFlight = integer(user.get(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION));
        if (inFlight != null && inFlight > MAX_IN_FLIGHT_FOR_IDEMPOTENCE) {
            return ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION + "=" + inFlight;
        }
        return null;
    }

    private static String remedy(String conflict) {
        if (conflict.startsWith(ProducerConfig.ACKS_CONFIG + "=")) {
            return "set acks=all";
        }
        if (conflict.startsWith(ProducerConfig.RETRIES_CONFIG + "=")) {
            return "set retries above 0";
        }
        return "set " + ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION + " to at most "
                + MAX_IN_FLIGHT_FOR_IDEMPOTENCE;
    }

    /** A number, or null when absent or not one (then Kafka's own validation names the problem). */
    private static Integer integer(String value) {
        try {
            return value == null ? null : Integer.valueOf(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
