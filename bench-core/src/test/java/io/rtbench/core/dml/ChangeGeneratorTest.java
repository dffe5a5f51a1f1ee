package io.rtbench.core.dml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rtbench.core.event.Event;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.EventLayout;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.event.Op;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ChangeGeneratorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long START_MICROS = 1_764_000_000_000_000L;
    /** One event per millisecond of event time. */
    private static final long STEP_MICROS = 1_000;

    private static final int EVENTS = 40_000;
    private static Event[] events;
    private static ChangeHistory history;

    /** 40 s of events, 20 % updates, 5 % deletes, rows old enough after 2 s. */
    @BeforeAll
    static void generate() {
        ChangeGenerator changes = generator(new DmlSettings(0.2, 0.05, UpdateMode.REPLACE, Duration.ofSeconds(2)), 7);
        events = new Event[EVENTS];
        for (int i = 0; i < EVENTS; i++) {
            long seq = changes.nextSeq();
            byte[] json = changes.nextTransient(START_MICROS + i * STEP_MICROS).clone();
            events[i] = Event.parse(json);
            assertThat(events[i].seq()).isEqualTo(seq);
            assertThat(events[i].op()).isEqualTo(changes.lastOp());
            assertThat(events[i].version()).isEqualTo(changes.lastVersion());
        }
        history = changes.history();
    }

    private static ChangeGenerator generator(DmlSettings settings, long seed) {
        return new ChangeGenerator(EventGenerator.forChanges(GeneratorSettings.withSeed(seed), 42), settings, seed);
    }

    @Test
    void theSharesAreReachedOnceRowsAreOldEnough() {
        assertThat(history.inserts() + history.updates() + history.deletes()).isEqualTo(EVENTS);
        // the first 2 s (2,000 events) are inserts only
        for (int i = 0; i < 2_000; i++) {
            assertThat(events[i].op()).isEqualTo(Op.INSERT);
        }
        double changed = EVENTS - 2_000;
        assertThat(history.updates() / changed).isBetween(0.19, 0.21);
        assertThat(history.deletes() / changed).isBetween(0.045, 0.055);
    }

    @Test
    void versionsRisePerIdAndNothingFollowsADelete() {
        Map<String, Long> versions = new HashMap<>();
        Map<String, Long> insertedAt = new HashMap<>();
        Set<String> deleted = new HashSet<>();
        for (Event event : events) {
            String id = event.id();
            assertThat(deleted).as("no change after a delete").doesNotContain(id);
            if (event.op() == Op.INSERT) {
                assertThat(versions).doesNotContainKey(id);
                assertThat(event.version()).isEqualTo(1);
                insertedAt.put(id, event.eventTimeMicros());
            } else {
                assertThat(event.version()).isEqualTo(versions.get(id) + 1);
                assertThat(event.eventTimeMicros() - insertedAt.get(id))
                        .as("changes pick rows at least the minimum age")
                        .isGreaterThanOrEqualTo(2_000_000);
            }
            versions.put(id, event.version());
            if (event.op() == Op.DELETE) {
                deleted.add(id);
            }
        }
    }

    @Test
    void theLedgerLeadsFromEveryEventToTheLastOfItsId() {
        Map<String, Long> last = new HashMap<>();
        for (Event event : events) {
            last.put(event.id(), event.seq());
        }
        ChangeLedger ledger = history.ledger();
        assertThat(ledger.size()).isEqualTo(EVENTS);
        for (Event event : events) {
            assertThat(ledger.last(event.seq())).isEqualTo(last.get(event.id()));
            assertThat(ledger.op(event.seq())).isEqualTo(event.op());
        }
    }

    @Test
    void documentsAreValidJsonWithOpAndVersion() throws Exception {
        for (int i = 0; i < EVENTS; i += 97) {
            Event event = events[i];
            JsonNode tree = JSON.readTree(event.json());
            assertThat(tree.path("_op").asText()).isEqualTo(event.op().letter());
            assertThat(tree.path("_version").asLong()).isEqualTo(event.version());
            assertThat(tree.path("_seq").asLong()).isEqualTo(event.seq());
            if (event.op() == Op.DELETE) {
                assertThat(tree.size()).as("a delete is the prefix alone").isEqualTo(6);
            } else {
                assertThat(tree.size()).isGreaterThan(20);
            }
        }
    }

    /** A long generator id and version: inserts and updates are still exactly the target size, so one array serves. */
    @Test
    void wholeDocumentsKeepTheTargetSizeExactly() {
        ChangeGenerator changes = new ChangeGenerator(
                EventGenerator.forChanges(GeneratorSettings.withSeed(11), Long.MAX_VALUE),
                new DmlSettings(0.3, 0.05, UpdateMode.REPLACE, Duration.ZERO),
                11);
        for (int i = 0; i < 20_000; i++) {
            byte[] json = changes.nextTransient(START_MICROS + i);
            if (changes.lastOp() != Op.DELETE) {
                assertThat(json.length).isEqualTo(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES);
            }
        }
    }

    @Test
    void aPatchCarriesOneToThreeTopLevelFields() throws Exception {
        ChangeGenerator changes = generator(new DmlSettings(0.5, 0, UpdateMode.PATCH, Duration.ZERO), 9);
        int patches = 0;
        for (int i = 0; i < 2_000; i++) {
            byte[] json = changes.nextTransient(START_MICROS + i);
            if (changes.lastOp() == Op.UPDATE) {
                patches++;
                JsonNode tree = JSON.readTree(json);
                assertThat(tree.size() - 6).isBetween(1, 3);
            }
        }
        assertThat(patches).isBetween(900, 1_100);
    }

    @Test
    void theVersionFieldIsFoundForDriversThatLeaveItOut() {
        Event update = java.util.Arrays.stream(events)
                .filter(e -> e.op() == Op.UPDATE)
                .findFirst()
                .orElseThrow();
        byte[] json = update.json();
        int start = EventLayout.versionFieldStart(json);
        int end = EventLayout.versionFieldEnd(json, start);
        assertThat(new String(json, start, end - start, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo(",\"_version\":" + update.version());
        assertThat(EventLayout.versionFieldStart(new EventGenerator(GeneratorSettings.withSeed(1), 1).next(1)))
                .isEqualTo(-1);
    }

    @Test
    void sharesMustLeaveRoomForInserts() {
        assertThatThrownBy(() -> new DmlSettings(0.6, 0.4, UpdateMode.REPLACE, Duration.ZERO))
                .hasMessageContaining("below 100%");
        assertThat(DmlSettings.parseShare("2.5%")).isEqualTo(0.025);
        assertThat(DmlSettings.percent(0.025)).isEqualTo("2.5%");
        assertThatThrownBy(() -> DmlSettings.parseShare("lots")).hasMessageContaining("10%");
    }
}
