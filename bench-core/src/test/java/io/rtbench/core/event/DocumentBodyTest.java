package io.rtbench.core.event;

import static io.rtbench.core.event.DocumentTrees.leafPaths;
import static io.rtbench.core.event.DocumentTrees.parse;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The size bound behind {@link GeneratorSettings#MIN_DOC_SIZE_BYTES}, checked with every value at its cap. */
class DocumentBodyTest {

    private static final long NEAR_MAX_SEQ = Long.MAX_VALUE - 10_000;

    @Test
    void longestValuesAtTheMinimumTargetGiveExactlyTheComputedWorstCase() {
        int min = GeneratorSettings.MIN_DOC_SIZE_BYTES;
        EventGenerator generator = new EventGenerator(
                new GeneratorSettings(1, min), Long.MAX_VALUE, DocumentTrees.longestValuePools(), NEAR_MAX_SEQ);
        for (int i = 0; i < 1_000; i++) {
            byte[] json = generator.next(Long.MAX_VALUE);
            assertThat(json).hasSize(DocumentBody.MAX_TIGHT_DOC_BYTES);
            ObjectNode doc = parse(json);
            assertThat(leafPaths(doc)).hasSize(60);
            assertThat(doc.get("about").asText()).hasSize(DocumentBody.MIN_ABOUT_BYTES);
            assertThat(doc.get("friends").size()).isEqualTo(1);
            assertThat(doc.get("tags").size()).isEqualTo(1);
            assertThat(doc.get("lucky").size()).isEqualTo(1);
        }
    }

    @Test
    void theMinimumIsTheSmallestTargetThatTheWorstCaseMeetsWithinThreePercent() {
        int min = GeneratorSettings.MIN_DOC_SIZE_BYTES;
        assertThat(DocumentBody.MAX_TIGHT_DOC_BYTES).isLessThanOrEqualTo(min * 103 / 100);
        assertThat(DocumentBody.MAX_TIGHT_DOC_BYTES * 100).isGreaterThan((min - 1) * 103);
        assertThat(min).isLessThanOrEqualTo(GeneratorSettings.DEFAULT_DOC_SIZE_BYTES);
    }

    @Test
    void longestValuesStillFillTheArraysWhenThereIsRoom() {
        int target = 2_000;
        EventGenerator generator = new EventGenerator(
                new GeneratorSettings(1, target), Long.MAX_VALUE, DocumentTrees.longestValuePools(), NEAR_MAX_SEQ);
        int maxFriends = 0;
        for (int i = 0; i < 1_000; i++) {
            byte[] json = generator.next(Long.MAX_VALUE);
            assertThat(json).hasSize(target);
            maxFriends = Math.max(maxFriends, parse(json).get("friends").size());
        }
        assertThat(maxFriends).isEqualTo(DocumentBody.MAX_FRIENDS);
    }

    @Test
    void theLongestVariantIsTheComputedBound() {
        PackedPool variants =
                new BodyAssembler(DocumentTrees.longestValuePools(), new SplittableRandom(1), 65_536).assemble(1024);
        int longest = 0;
        for (int i = 0; i < variants.size(); i++) {
            JsonBuffer out = new JsonBuffer(BodyAssembler.MAX_VARIANT_BYTES); // a longer variant would overflow it
            variants.writeRandom(out, i);
            longest = Math.max(longest, out.position());
        }
        // All three arrays are full in ~1 % of variants: at least one of 1,024 reaches the bound.
        assertThat(longest).isEqualTo(BodyAssembler.MAX_VARIANT_BYTES);
    }

    @Test
    void fieldCountMatchesTheShape() {
        int scalars = DocumentBody.SCALARS.size();
        int identity = 4;
        int arrays = 1 + 1; // tags[], lucky[]
        int friendLeaves = 2; // friends[].name, friends[].since
        int about = 1;
        assertThat(identity + scalars + arrays + friendLeaves + about).isEqualTo(DocumentBody.FIELD_COUNT);
    }
}
