package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EventGeneratorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T0 = 1_763_800_000_000_000L;

    @Test
    void everyDocumentIsValidJsonWithSixtyFieldsAndTheMandatoryOnes() throws IOException {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(7), 123_456_789L);
        for (int i = 0; i < 5_000; i++) {
            byte[] json = generator.next(T0 + i);
            JsonNode document = JSON.readTree(json);
            assertThat(leaves(document))
                    .as("leaf values of %s", new String(json))
                    .isEqualTo(60);
            assertThat(document.get("_id").asText())
                    .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
            assertThat(document.get("_event_time").isIntegralNumber()).isTrue();
            assertThat(document.get("_event_time").asLong()).isEqualTo(T0 + i);
            assertThat(document.get("generator_identifier").asLong()).isEqualTo(123_456_789L);
            assertThat(document.get("_seq").asLong()).isEqualTo(i);
            assertThat(document.get("friends").isArray()).isTrue();
            assertThat(document.get("friends").get(0).isObject()).isTrue();
            assertThat(document.at("/address/geo/lat").isNumber()).isTrue();
        }
        assertThat(DocSizeStats.FIELDS).isEqualTo(60);
    }

    @ParameterizedTest
    @ValueSource(ints = {GeneratorSettings.MIN_DOC_SIZE_BYTES, 1250, 2000, 4096, 65_536})
    void sizesStayWithinThreePercent(int docSize) {
        EventGenerator generator = new EventGenerator(new GeneratorSettings(3, docSize), 1);
        DocSizeStats sizes = new DocSizeStats();
        int documents = docSize > 10_000 ? 500 : 20_000;
        for (int i = 0; i < documents; i++) {
            sizes.add(generator.next(T0).length);
        }
        assertThat(sizes.minBytes()).isGreaterThanOrEqualTo((int) Math.floor(docSize * 0.97));
        assertThat(sizes.maxBytes()).isLessThanOrEqualTo((int) Math.ceil(docSize * 1.03));
        assertThat(sizes.meanBytes()).isBetween(docSize * 0.99, docSize * 1.01);
    }

    @Test
    void theDefaultSizeIsHitExactly() {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(11), 1);
        for (int i = 0; i < 20_000; i++) {
            assertThat(generator.next(T0 + i)).hasSize(1250);
        }
    }

    @Test
    void theIdentityPrefixFollowsTheLayoutSinksRelyOn() {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 987_654_321_012L);
        for (int i = 0; i < 1_000; i++) {
            long seq = generator.nextSeq();
            byte[] json = generator.next(T0 + i * 7L);
            Event event = Event.parse(json);
            assertThat(event.seq()).isEqualTo(seq);
            assertThat(event.generatorId()).isEqualTo(987_654_321_012L);
            assertThat(event.eventTimeMicros()).isEqualTo(T0 + i * 7L);
        }
    }

    @Test
    void idsAreUniqueWithinAndAcrossGenerators() {
        Set<String> ids = new HashSet<>();
        for (long generatorId : new long[] {1, 2, EventGenerator.randomGeneratorId()}) {
            EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(5), generatorId);
            for (int i = 0; i < 50_000; i++) {
                assertThat(ids.add(generator.nextEvent(T0).id())).isTrue();
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameDocumentsApartFromIdentityAndTime() throws IOException {
        EventGenerator a = new EventGenerator(GeneratorSettings.withSeed(99), 1);
        EventGenerator b = new EventGenerator(GeneratorSettings.withSeed(99), 2);
        EventGenerator other = new EventGenerator(GeneratorSettings.withSeed(100), 1);
        int differentFromOtherSeed = 0;
        for (int i = 0; i < 1_000; i++) {
            ObjectNode fromA = withoutIdentity(a.next(T0));
            ObjectNode fromB = withoutIdentity(b.next(T0 + 12_345));
            assertThat(fromA).isEqualTo(fromB);
            if (!withoutIdentity(other.next(T0)).equals(fromA)) {
                differentFromOtherSeed++;
            }
        }
        assertThat(differentFromOtherSeed).isEqualTo(1_000);
    }

    @Test
    void generatorIdsAreNonNegativeAndRandom() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            long id = EventGenerator.randomGeneratorId();
            assertThat(id).isNotNegative();
            seen.add(id);
        }
        assertThat(seen).hasSize(1_000);
    }

    @Test
    void badSizesAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> new GeneratorSettings(1, 1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--doc-size must be between 1200 and 1000000 bytes");
        assertThatThrownBy(() -> new GeneratorSettings(1, 2_000_000)).hasMessageContaining("--doc-size");
        assertThatThrownBy(() -> new EventGenerator(GeneratorSettings.withSeed(1), -1))
                .hasMessageContaining("generator id");
    }

    @Test
    void poolValuesAreEscapedForJson() {
        assertThat(new String(JsonText.escape("a\"b\\c\nd\u0001é"), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("a\\\"b\\\\c\\nd\\u0001é");
    }

    private static ObjectNode withoutIdentity(byte[] json) throws IOException {
        ObjectNode document = (ObjectNode) JSON.readTree(json);
        document.remove(java.util.List.of("_id", "_event_time", "generator_identifier"));
        return document;
    }

    /** Leaf values: scalars, counting each array element's leaves (spec section 2). */
    private static int leaves(JsonNode node) {
        if (node.isContainerNode()) {
            int count = 0;
            for (JsonNode child : node) {
                count += leaves(child);
            }
            return count;
        }
        return 1;
    }
}
