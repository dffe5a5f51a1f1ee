package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Workload mixed's documents: a user_id per event from a large keyspace, at the same document size. */
class UserIdTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyDocumentCarriesAUserIdDrawnPerEventAndKeepsItsSize() throws Exception {
        for (int size : new int[] {GeneratorSettings.MIN_DOC_SIZE_BYTES + 60, 1250, 4000}) {
            EventGenerator generator = EventGenerator.forUsers(new GeneratorSettings(3, size), 77, 10_000_000L);
            Set<Long> users = new HashSet<>();
            for (int i = 0; i < 2000; i++) {
                byte[] json = generator.next(1_800_000_000_000_000L + i);
                assertThat(json.length)
                        .as("document size at --doc-size %d", size)
                        .isEqualTo(size);
                JsonNode document = JSON.readTree(json);
                long user = document.path("user_id").asLong(-1);
                assertThat(user).isBetween(0L, 9_999_999L).isEqualTo(generator.lastUserId());
                assertThat(document.path("_id").asText())
                        .isEqualTo(new UUID(generator.lastIdMsb(), generator.lastIdLsb()).toString());
                assertThat(EventLayout.parse(json).seq()).isEqualTo(i);
                users.add(user);
            }
            // drawn per event from 10 M, not from the 256-value pools: practically all distinct
            assertThat(users).hasSizeGreaterThan(1990);
        }
    }

    @Test
    void withoutUsersThereIsNoUserId() throws Exception {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(3), 77);
        assertThat(JSON.readTree(generator.next(1)).has("user_id")).isFalse();
        assertThat(generator.lastUserId()).isEqualTo(-1);
    }
}
