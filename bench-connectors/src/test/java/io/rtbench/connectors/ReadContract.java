package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.ReadQuery;
import io.rtbench.core.target.Readable;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.Targets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.awaitility.Awaitility;

/**
 * The reads of workload {@code mixed} (docs/TARGETS.md, "Workload mixed"), the same for every target that has them:
 * a point read finds its event and nothing for an unknown {@code _id}; the newest events of a user are that user's, at
 * most 10; the aggregate counts the user's events exactly. A kind without reads says so in one line naming itself.
 * Run by {@link TargetContractIT} for every target.
 */
final class ReadContract {

    private static final long START_MICROS = 1_764_000_000_000_000L;
    /** Few users, so that some have more than {@link Readable#RECENT_EVENTS} events. */
    private static final long USERS = 3;

    private static final int EVENTS = 40;

    private final Function<TargetConfig, Target> open;
    private final Duration within;
    private final long generatorId;

    ReadContract(Function<TargetConfig, Target> open, Duration within, long generatorId) {
        this.open = open;
        this.within = within;
        this.generatorId = generatorId;
    }

    void check(TargetConfig config) {
        var refusal = Targets.provider(config.kind()).readRefusal(ReadQuery.POINT);
        if (refusal.isPresent()) {
            assertThat(refusal.get()).contains(config.kind()).contains("no reads");
            assertThat(open.apply(config.forMixed())).isNotInstanceOf(Readable.class);
            return;
        }
        Target target = open.apply(config.forMixed());
        target.ensureCollection();
        assertThat(target).isInstanceOf(Readable.class);
        Readable reads = (Readable) target;
        EventGenerator generator = EventGenerator.forUsers(GeneratorSettings.withSeed(5), generatorId, USERS);
        List<Event> events = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        Map<Long, Long> perUser = new HashMap<>();
        for (int i = 0; i < EVENTS; i++) {
            events.add(generator.nextEvent(START_MICROS + i * 1000L));
            ids.add(new UUID(generator.lastIdMsb(), generator.lastIdLsb()).toString());
            perUser.merge(generator.lastUserId(), 1L, Long::sum);
        }
        assertThat(perUser.values()).as("a user with more than 10 events").anyMatch(n -> n > Readable.RECENT_EVENTS);
        target.write(new EventBatch(events));
        String last = ids.get(EVENTS - 1);
        Awaitility.await("the events visible to reads")
                .atMost(within)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> reads.read(ReadQuery.POINT, last, 0) == 1
                        && reads.read(ReadQuery.AGGREGATE, last, 0) == perUser.getOrDefault(0L, 0L));

        for (String id : List.of(ids.get(0), ids.get(17), last)) {
            assertThat(reads.read(ReadQuery.POINT, id, 0))
                    .as("point read of %s", id)
                    .isEqualTo(1);
        }
        assertThat(reads.read(ReadQuery.POINT, UUID.randomUUID().toString(), 0)).isZero();
        for (long user = 0; user < USERS; user++) {
            long count = perUser.getOrDefault(user, 0L);
            assertThat(reads.read(ReadQuery.USER_RECENT, last, user))
                    .as("newest events of user %d", user)
                    .isEqualTo(Math.min(count, Readable.RECENT_EVENTS));
            assertThat(reads.read(ReadQuery.AGGREGATE, last, user))
                    .as("count of user %d", user)
                    .isEqualTo(count);
        }
        assertThat(reads.read(ReadQuery.USER_RECENT, last, USERS + 5)).isZero();
        assertThat(reads.read(ReadQuery.AGGREGATE, last, USERS + 5)).isZero();
    }
}
