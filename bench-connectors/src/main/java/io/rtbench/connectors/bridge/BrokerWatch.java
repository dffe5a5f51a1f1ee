package io.rtbench.connectors.bridge;

import io.rtbench.core.KafkaReach;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether one consumer's broker still answers. A Kafka consumer never fails because its broker is gone: {@code poll}
 * just returns nothing, forever. So the bridge asks: at start, the broker must answer within the connect timeout; then,
 * whenever nothing has been heard from it for a second (no records, no commit acknowledged), a metadata request must
 * be answered; once such requests have gone unanswered for the retry timeout the bridge gives up, as {@code produce}
 * does (docs/GUIDE.md, "The parts on their own"). A broker restarted within the retry timeout loses nothing: the consumer
 * resumes from its committed offsets.
 */
final class BrokerWatch {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerWatch.class);
    static final Duration QUIET_BEFORE_ASKING = Duration.ofSeconds(1);

    private final String bootstrapServers;
    private final Duration connectTimeout;
    private final Duration lostAfter;
    private final LongSupplier nanoClock;
    private long lastContactNanos;
    private long unansweredSinceNanos;
    private boolean unanswered;

    BrokerWatch(String bootstrapServers, Duration connectTimeout, Duration lostAfter, LongSupplier nanoClock) {
        this.bootstrapServers = bootstrapServers;
        this.connectTimeout = connectTimeout;
        this.lostAfter = lostAfter;
        this.nanoClock = nanoClock;
        this.lastContactNanos = nanoClock.getAsLong();
    }

    /**
     * Waits for the broker's first answer.
     *
     * @throws BridgeFailedException when it does not answer within the connect timeout, or refuses the client
     */
    void awaitFirstAnswer(Consumer<?, ?> consumer) {
        try {
            consumer.listTopics(connectTimeout);
            contact();
        } catch (TimeoutException e) {
            throw new BridgeFailedException(KafkaReach.unreachable(bootstrapServers, connectTimeout), e);
        } catch (WakeupException | InterruptException e) {
            throw e;
        } catch (KafkaException e) {
            throw new BridgeFailedException(
                    "Kafka at " + bootstrapServers + " refused the bridge: " + e.getMessage(), e);
        }
    }

    /** Whether the broker's last metadata request went unanswered, and nothing was heard from it since. */
    boolean silent() {
        return unanswered;
    }

    /** The broker answered (records arrived, a commit was acknowledged). */
    void contact() {
        lastContactNanos = nanoClock.getAsLong();
        if (unanswered) {
            LOG.info("Kafka at {} answers again", bootstrapServers);
        }
        unanswered = false;
    }

    /**
     * Asks the broker for metadata when it has been quiet for a while.
     *
     * @throws BridgeFailedException when it has not answered for longer than the retry timeout
     */
    void check(Consumer<?, ?> consumer) {
        long now = nanoClock.getAsLong();
        if (now - lastContactNanos < QUIET_BEFORE_ASKING.toNanos()) {
            return;
        }
        long askedNanos = now;
        long leftNanos = unanswered ? lostAfter.toNanos() - (now - unansweredSinceNanos) : lostAfter.toNanos();
        Duration wait = Duration.ofNanos(Math.max(1_000_000, Math.min(connectTimeout.toNanos(), leftNanos)));
        try {
            consumer.listTopics(wait);
            contact();
        } catch (TimeoutException e) {
            if (!unanswered) {
                unanswered = true;
                unansweredSinceNanos = askedNanos;
                LOG.warn(
                        "Kafka at {} does not answer; the bridge gives up after {} without an answer",
                        bootstrapServers,
                        KafkaReach.seconds(lostAfter));
            }
            long silentNanos = nanoClock.getAsLong() - unansweredSinceNanos;
            if (silentNanos >= lostAfter.toNanos()) {
                throw new BridgeFailedException(
                        "lost Kafka at " + bootstrapServers + ": no answer for "
                                + KafkaReach.seconds(Duration.ofNanos(silentNanos)) + " (--retry-timeout "
                                + KafkaReach.seconds(lostAfter)
                                + ")",
                        e);
            }
        }
    }
}
