package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import io.rtbench.core.target.WriteResult;
import io.rtbench.core.time.EpochClock;
import io.rtbench.servers.junit.ServersExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract every target driver keeps, run against the real server of each (docs/TARGETS.md, no mocks): one
 * subclass per target kind supplies the configuration, the assertions are the same for all. Targets with a server
 * extend {@link ServerTargetContractIT}, which adds what an unreachable server must do.
 */
@ExtendWith(ServersExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class TargetContractIT {

    protected static final int EVENTS_PER_GENERATOR = 200;
    protected static final Duration VISIBLE_WITHIN = Duration.ofSeconds(30);

    private final List<Target> opened = new ArrayList<>();
    private final Set<String> collections = new LinkedHashSet<>();

    /** The configuration of a target of this kind on its real server, using {@code collection}. */
    protected abstract TargetConfig config(String collection);

    /**
     * Whether the target keeps one copy per {@code _id} (false: ClickHouse until parts merge, and the in-memory targets,
     * which count every copy so that the audit shows redeliveries).
     */
    protected boolean storesEachIdOnce() {
        return true;
    }

    /** Whether written events ever become visible to the probe (false: the null target). */
    protected boolean makesEventsVisible() {
        return true;
    }

    /**
     * Removes a collection a test used, so that the shared server does not fill up (a search engine with a small heap
     * trips its circuit breaker with many indices). Nothing for targets without a server.
     */
    protected void dropCollection(String collection) throws Exception {}

    protected Target open(TargetConfig config) {
        Target target = Targets.open(config);
        opened.add(target);
        collections.add(config.collection());
        return target;
    }

    /** A target on a fresh collection, created. */
    protected Target openFresh() {
        Target target = open(config(uniqueCollection()));
        target.ensureCollection();
        return target;
    }

    protected static String uniqueCollection() {
        return "rtbench_it_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1);
    }

    protected static long newGeneratorId() {
        return ThreadLocalRandom.current().nextLong() >>> 1;
    }

    protected static long nowMicros() {
        return EpochClock.SYSTEM.epochMicros();
    }

    @AfterEach
    void closeTargetsAndDropCollections() throws Exception {
        opened.forEach(Target::close);
        opened.clear();
        for (String collection : collections) {
            dropCollection(collection);
        }
        collections.clear();
    }

    @Test
    void isFoundByItsKind() {
        String kind = config(uniqueCollection()).kind();
        assertThat(Targets.providers()).containsKey(kind);
    }

    /** Workload {@code mixed}: see {@link ReadContract}. */
    @Test
    void readsFindWhatWasWritten() {
        new ReadContract(this::open, VISIBLE_WITHIN, newGeneratorId()).check(config(uniqueCollection()));
    }

    /** Workload {@code dml}: see {@link DmlContract}. */
    @Test
    void versionsDecideAndDeletesStay() {
        DmlContract contract = new DmlContract(this::open, makesEventsVisible(), VISIBLE_WITHIN, newGeneratorId());
        contract.check(config(uniqueCollection()));
        contract.checkPatch(config(uniqueCollection()));
    }

    @Test
    void ensureCollectionIsIdempotent() {
        Target target = open(config(uniqueCollection()));
        target.ensureCollection();
        target.ensureCollection();
        assertThat(open(config(uniqueCollection())).serverVersion()).isNotBlank();
        assertThat(target.audit(newGeneratorId())).isEqualTo(AuditCounts.NONE);
    }

    @Test
    void writesLandAndAreAuditedPerGenerator() {
        Target target = openFresh();
        long first = newGeneratorId();
        long second = newGeneratorId();
        long startMicros = nowMicros();
        for (int from = 0; from < EVENTS_PER_GENERATOR; from += 50) {
            assertAllWritten(target.write(interleaved(first, second, from, 50, startMicros)), 100);
        }
        for (long generator : List.of(first, second)) {
            AuditCounts counts = target.audit(generator);
            assertThat(counts)
                    .isEqualTo(new AuditCounts(EVENTS_PER_GENERATOR, EVENTS_PER_GENERATOR, EVENTS_PER_GENERATOR - 1));
            assertThat(counts.lost(EVENTS_PER_GENERATOR)).isZero();
            assertThat(counts.duplicates()).isZero();
        }
    }

    /** Documents of the real generator, several seeds and sizes: a mapping conflict between them would show here. */
    @Test
    void documentsOfTheEventGeneratorLand() {
        Target target = openFresh();
        List<Long> generators = new ArrayList<>();
        for (int seed = 1; seed <= 3; seed++) {
            EventGenerator generator = new EventGenerator(
                    new GeneratorSettings(seed, 800 + 600 * seed), EventGenerator.randomGeneratorId());
            generators.add(generator.generatorId());
            for (int batch = 0; batch < 4; batch++) {
                List<Event> events = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    events.add(generator.nextEvent(nowMicros()));
                }
                assertAllWritten(target.write(new EventBatch(events)), 50);
            }
        }
        for (long generator : generators) {
            assertThat(target.audit(generator)).isEqualTo(new AuditCounts(200, 200, 199));
        }
    }

    @Test
    void probeEventuallySeesTheNewestEventTimeOfTheGenerator() {
        Target target = openFresh();
        long first = newGeneratorId();
        long second = newGeneratorId();
        long startMicros = nowMicros();
        assertThat(target.newestEventTimeMicros(first)).isEmpty();
        target.write(TestEvents.batch(first, 0, 50, startMicros));
        target.write(TestEvents.batch(second, 0, 20, startMicros + 1_000_000));
        if (!makesEventsVisible()) {
            assertThat(target.newestEventTimeMicros(first)).isEmpty();
            return;
        }

        await().atMost(VISIBLE_WITHIN)
                .untilAsserted(() -> assertThat(target.newestEventTimeMicros(first))
                        .isEqualTo(OptionalLong.of(startMicros + 49 * 1_000)));
        await().atMost(VISIBLE_WITHIN)
                .untilAsserted(() -> assertThat(target.newestEventTimeMicros(second))
                        .isEqualTo(OptionalLong.of(startMicros + 1_000_000 + 19 * 1_000)));
        assertThat(target.newestEventTimeMicros(newGeneratorId())).isEmpty();
    }

    @Test
    void writingTheSameBatchTwiceCreatesNoDuplicates() {
        Target target = openFresh();
        long generator = newGeneratorId();
        EventBatch batch = TestEvents.batch(generator, 0, EVENTS_PER_GENERATOR, nowMicros());
        assertAllWritten(target.write(batch), EVENTS_PER_GENERATOR);
        assertAllWritten(target.write(batch), EVENTS_PER_GENERATOR);

        AuditCounts counts = target.audit(generator);
        assertThat(counts.distinctSeqs()).isEqualTo(EVENTS_PER_GENERATOR);
        assertThat(counts.maxSeq()).isEqualTo(EVENTS_PER_GENERATOR - 1);
        if (storesEachIdOnce()) {
            assertThat(counts.count()).isEqualTo(EVENTS_PER_GENERATOR);
        } else {
            assertThat(counts.count()).isBetween((long) EVENTS_PER_GENERATOR, 2L * EVENTS_PER_GENERATOR);
        }
    }

    @Test
    void concurrentWritersAndProbesShareOneTarget() throws Exception {
        Target target = openFresh();
        long generator = newGeneratorId();
        long startMicros = nowMicros();
        int writers = 4;
        int batches = 5;
        ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int b = 0; b < batches; b++) {
                        int from = (writer * batches + b) * 50;
                        assertAllWritten(target.write(TestEvents.batch(generator, from, 50, startMicros)), 50);
                    }
                    return null;
                }));
            }
            done.add(pool.submit(() -> target.newestEventTimeMicros(generator)));
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        int total = writers * batches * 50;
        assertThat(target.audit(generator)).isEqualTo(new AuditCounts(total, total, total - 1));
    }

    @Test
    void missingCollectionIsReportedClearly() {
        String collection = uniqueCollection();
        Target target = open(config(collection));

        assertThatThrownBy(() -> target.newestEventTimeMicros(1))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("probe")
                .hasMessageContaining(collection)
                .hasMessageContaining("does not exist")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> target.audit(1))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("audit")
                .hasMessageContaining(collection)
                .hasMessageContaining("does not exist");
    }

    /** Events {@code from..from+count-1} of two generators, alternating, in one batch. */
    protected static EventBatch interleaved(long first, long second, int from, int count, long startMicros) {
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(TestEvents.event(first, from + i, startMicros + (from + i) * 1_000L));
            events.add(TestEvents.event(second, from + i, startMicros + (from + i) * 1_000L));
        }
        return new EventBatch(events);
    }

    protected static void assertAllWritten(WriteResult result, int expected) {
        assertThat(result.failures()).isEmpty();
        assertThat(result.written()).isEqualTo(expected);
    }
}
