package io.rtbench.core.event;

import static io.rtbench.core.event.DocumentTrees.leafPaths;
import static io.rtbench.core.event.DocumentTrees.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EventGeneratorTest {

    private static final long SEED = 20_240_601L;
    private static final long START_MICROS = 1_717_200_000_000_000L;
    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    private static ValuePools pools;

    @BeforeAll
    static void buildPoolsOnce() {
        pools = ValuePools.build(SEED);
    }

    private static EventGenerator generator(int docSizeBytes, long generatorId) {
        return new EventGenerator(new GeneratorSettings(SEED, docSizeBytes), generatorId, pools, 0);
    }

    @Test
    void documentsAreValidJsonWithSixtyLeavesAndTheMandatoryFields() {
        long generatorId = 4_611_686_018_427_387_904L;
        EventGenerator generator = generator(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES, generatorId);
        Set<String> firstPaths = null;
        for (int i = 0; i < 20_000; i++) {
            long eventTimeMicros = START_MICROS + i * 7L;
            ObjectNode doc = parse(generator.next(eventTimeMicros));

            Set<String> paths = leafPaths(doc);
            assertThat(paths).hasSize(60).hasSize(EventGenerator.FIELD_COUNT);
            if (firstPaths == null) {
                firstPaths = paths;
            }
            assertThat(paths).isEqualTo(firstPaths);
            assertThat(doc.get("_id").isTextual()).isTrue();
            assertThat(doc.get("_id").asText()).matches(UUID_V4);
            assertThat(doc.get("_event_time").isIntegralNumber()).isTrue();
            assertThat(doc.get("_event_time").asLong()).isEqualTo(eventTimeMicros);
            assertThat(doc.get("generator_identifier").isIntegralNumber()).isTrue();
            assertThat(doc.get("generator_identifier").asLong()).isEqualTo(generatorId);
            assertThat(doc.get("_seq").isIntegralNumber()).isTrue();
            assertThat(doc.get("_seq").asLong()).isEqualTo(i);
        }
        assertThat(firstPaths)
                .contains("name.first", "address.geo.lat", "friends[].name", "friends[].since", "tags[]", "about");
    }

    @Test
    void arraysHaveVaryingLengthsAndFriendsAreObjects() {
        EventGenerator generator = generator(4096, 1);
        Set<Integer> friendCounts = new HashSet<>();
        Set<Integer> tagCounts = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            ObjectNode doc = parse(generator.next(START_MICROS));
            friendCounts.add(doc.get("friends").size());
            tagCounts.add(doc.get("tags").size());
            assertThat(doc.get("friends").get(0).get("name").isTextual()).isTrue();
            assertThat(doc.get("friends").get(0).get("since").isInt()).isTrue();
        }
        assertThat(friendCounts).containsExactlyInAnyOrder(1, 2, 3, 4);
        assertThat(tagCounts).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    }

    @Test
    void bodiesAreTheAssembledVariantsAndEveryFieldKeepsItsPoolsVariety() {
        EventGenerator generator = generator(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES, 1);
        Set<String> bodies = new HashSet<>();
        Set<String> abouts = new HashSet<>();
        for (int i = 0; i < 50_000; i++) {
            String json = new String(generator.next(START_MICROS), StandardCharsets.UTF_8);
            int aboutStart = json.indexOf(",\"about\":\"");
            bodies.add(json.substring(json.indexOf(",\"is_active\":"), aboutStart));
            abouts.add(json.substring(aboutStart));
        }
        // 50,000 random picks of 8,192 variants miss ~18 of them; the about slice starts anywhere in 4,096 bytes.
        assertThat(bodies).hasSizeBetween(DocumentBody.VARIANTS - 100, DocumentBody.VARIANTS);
        assertThat(abouts).hasSizeGreaterThan(4_000);

        // Across variants, every scalar takes (nearly) all of its pool's distinct values.
        Set<String> emails = new HashSet<>();
        Set<String> cities = new HashSet<>();
        Set<String> lastNames = new HashSet<>();
        for (int i = 0; i < 4_000; i++) {
            ObjectNode doc = parse(generator.next(START_MICROS));
            emails.add(doc.get("email").asText());
            cities.add(doc.get("address").get("city").asText());
            lastNames.add(doc.get("name").get("last").asText());
        }
        assertThat(emails).hasSize(distinct(pools.values(Pool.EMAIL)));
        assertThat(cities).hasSize(distinct(pools.values(Pool.CITY)));
        assertThat(lastNames).hasSize(distinct(pools.values(Pool.LAST_NAME)));
    }

    private static int distinct(byte[][] values) {
        Set<String> distinct = new HashSet<>();
        for (byte[] value : values) {
            distinct.add(new String(value, StandardCharsets.UTF_8));
        }
        return distinct.size();
    }

    @Test
    void eventParseReadsBackTheIdentityFields() {
        EventGenerator generator = generator(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES, 123_456_789L);
        for (int i = 0; i < 1_000; i++) {
            Event event = generator.nextEvent(START_MICROS + i);
            Event parsed = Event.parse(event.json());
            assertThat(parsed.generatorId()).isEqualTo(123_456_789L);
            assertThat(parsed.seq()).isEqualTo(event.seq()).isEqualTo(i);
            assertThat(parsed.eventTimeMicros())
                    .isEqualTo(event.eventTimeMicros())
                    .isEqualTo(START_MICROS + i);
            assertThat(parsed.id()).isEqualTo(parse(event.json()).get("_id").asText());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1250, 1500, 4096, 65_536})
    void everyDocumentIsWithinThreePercentOfTheTarget(int docSizeBytes) {
        int events = docSizeBytes > 10_000 ? 2_000 : 20_000;
        EventGenerator generator = generator(docSizeBytes, Long.MAX_VALUE);
        for (int i = 0; i < events; i++) {
            byte[] json = generator.next(START_MICROS + i);
            assertThat(json.length).isBetween(docSizeBytes, docSizeBytes + docSizeBytes * 3 / 100);
        }
        parse(generator.next(START_MICROS));
    }

    @Test
    void theSmallestAndLargestAllowedSizesWork() {
        int min = GeneratorSettings.MIN_DOC_SIZE_BYTES;
        int max = GeneratorSettings.MAX_DOC_SIZE_BYTES;
        for (int size : List.of(min, max)) {
            EventGenerator generator = generator(size, Long.MAX_VALUE);
            for (int i = 0; i < (size == min ? 20_000 : 20); i++) {
                byte[] json = generator.next(START_MICROS);
                assertThat(json.length).isBetween(size, size + size * 3 / 100);
                assertThat(leafPaths(parse(json))).hasSize(60);
            }
        }
    }

    @Test
    void documentsHitTheTargetExactlyAwayFromTheMinimum() {
        EventGenerator generator = generator(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES, Long.MAX_VALUE);
        for (int i = 0; i < 20_000; i++) {
            assertThat(generator.next(Long.MAX_VALUE)).hasSize(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES);
        }
    }

    @Test
    void transientDocumentsAreTheSameDocumentsInOneReusedArray() {
        transientDocumentsMatch(GeneratorSettings.MIN_DOC_SIZE_BYTES);
        transientDocumentsMatch(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES);
    }

    private static void transientDocumentsMatch(int docSizeBytes) {
        // Two generators alike: the same ids (same generator id), seq, times and values; event times of 1 and 19
        // digits, so the prefix's length changes from one document to the next.
        EventGenerator fresh = generator(docSizeBytes, Long.MAX_VALUE);
        EventGenerator reusing = generator(docSizeBytes, Long.MAX_VALUE);
        byte[] previous = null;
        for (int i = 0; i < 20_000; i++) {
            long eventTimeMicros = i % 2 == 0 ? 0 : Long.MAX_VALUE;
            byte[] expected = fresh.next(eventTimeMicros);
            byte[] actual = reusing.nextTransient(eventTimeMicros);
            assertThat(actual).isEqualTo(expected);
            if (previous != null && previous.length == actual.length) {
                assertThat(actual).isSameAs(previous);
            }
            previous = actual;
        }
    }

    @Test
    void idsAreUniqueAndSeqIsGapFree() {
        EventGenerator generator = generator(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES, 99);
        Set<String> ids = new HashSet<>();
        for (long i = 0; i < 100_000; i++) {
            assertThat(generator.nextSeq()).isEqualTo(i);
            Event event = Event.parse(generator.next(START_MICROS));
            assertThat(event.seq()).isEqualTo(i);
            ids.add(event.id());
        }
        assertThat(ids).hasSize(100_000);
        assertThat(generator.nextSeq()).isEqualTo(100_000);
        UUID uuid = UUID.fromString(ids.iterator().next());
        assertThat(uuid.version()).isEqualTo(4);
        assertThat(uuid.variant()).isEqualTo(2);
    }

    @Test
    void differentGeneratorsDrawDifferentIds() {
        Set<String> first = ids(generator(1250, 1_000_000_000_000_000_001L), 10_000);
        Set<String> second = ids(generator(1250, 1_000_000_000_000_000_002L), 10_000);
        assertThat(first).hasSize(10_000).doesNotContainAnyElementsOf(second);
        assertThat(ids(generator(1250, 1_000_000_000_000_000_001L), 10_000))
                .as("ids are deterministic per generator")
                .isEqualTo(first);
    }

    @Test
    void theSameSeedGivesTheSameDocumentsApartFromTheIdentityFields() {
        // Pools built twice from the seed, not shared, so pool building itself is shown to be deterministic.
        GeneratorSettings settings = GeneratorSettings.withSeed(SEED);
        EventGenerator first = new EventGenerator(settings, 1_000_000_000_000_000_001L);
        EventGenerator second = new EventGenerator(settings, 1_000_000_000_000_000_002L);
        EventGenerator shorterId = new EventGenerator(settings, 42L);
        for (int i = 0; i < 2_000; i++) {
            ObjectNode a = parse(first.next(START_MICROS + i));
            ObjectNode b = parse(second.next(START_MICROS + 2 * i));
            ObjectNode c = parse(shorterId.next(START_MICROS));
            assertThat(withoutIdentity(b)).isEqualTo(withoutIdentity(a));

            // A shorter generator_identifier leaves more room: only the about padding grows by the difference.
            String aboutA = a.get("about").asText();
            String aboutC = c.get("about").asText();
            assertThat(aboutC).startsWith(aboutA).hasSize(aboutA.length() + 19 - 2);
            ObjectNode restOfC = withoutIdentity(c);
            ObjectNode restOfA = withoutIdentity(a);
            restOfC.remove("about");
            restOfA.remove("about");
            assertThat(restOfC).isEqualTo(restOfA);
        }
    }

    @Test
    void differentSeedsGiveDifferentDocuments() {
        EventGenerator a = generator(1250, 5);
        EventGenerator b = new EventGenerator(GeneratorSettings.withSeed(SEED + 1), 5);
        assertThat(withoutIdentity(parse(b.next(START_MICROS))))
                .isNotEqualTo(withoutIdentity(parse(a.next(START_MICROS))));
    }

    @Test
    void rejectsNegativeIdentityValues() {
        assertThatThrownBy(() -> generator(1250, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("generator id must be non-negative, got -1");
        EventGenerator generator = generator(1250, 1);
        assertThatThrownBy(() -> generator.next(-5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("event time must be non-negative, got -5");
        assertThat(generator.nextSeq()).isZero();
    }

    @Test
    void randomGeneratorIdsAreNonNegativeAndDistinct() {
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            long id = EventGenerator.randomGeneratorId();
            assertThat(id).isNotNegative();
            ids.add(id);
        }
        assertThat(ids).hasSize(1_000);
    }

    private static Set<String> ids(EventGenerator generator, int count) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < count; i++) {
            ids.add(Event.parse(generator.next(START_MICROS)).id());
        }
        return ids;
    }

    private static ObjectNode withoutIdentity(JsonNode doc) {
        ObjectNode copy = ((ObjectNode) doc).deepCopy();
        copy.remove(List.of("_id", "_event_time", "generator_identifier"));
        return copy;
    }
}
