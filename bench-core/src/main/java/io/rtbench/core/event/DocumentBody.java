package io.rtbench.core.event;

import static io.rtbench.core.event.Pool.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Everything of a document after the {@link EventLayout} prefix: 56 more leaves (scalars, nested objects, three arrays
 * and the {@code about} text), written straight from pre-encoded bytes into a {@link JsonBuffer}.
 *
 * <p>Variants: at construction, {@link #VARIANTS} bodies are assembled from the value pools, each field's value picked
 * at random from its pool (see {@link BodyAssembler}), up to the opening quote of {@code about}. An event then copies
 * one variant picked at random and a slice of the padding text, at a random offset, long enough to reach the target
 * size. Assembling each event from ~65 random picks instead cost 1.5–2 µs per event in a producer, where the Kafka
 * batches streaming through the CPU caches evict the pools between documents; on a small machine shared with the
 * broker that CPU is taken from the broker (docs/BENCHMARKS.md, "Producer bars"). A variant is one contiguous copy,
 * which the hardware prefetcher follows. Every field keeps its pool's cardinality and distribution; what repeats is the
 * combination of values across fields, one of {@link #VARIANTS} (Kafka's own ProducerPerformance replays a file of
 * 10,000 whole records).
 *
 * <p>Sizing: 60 leaves of realistic values already take about 1.2 KB (keys alone are half of it), so {@code about}
 * alone cannot absorb the spread. The arrays are therefore elastic too: each gets a random length, but an element
 * beyond the first is only written if the rest of the document still fits the target in the worst case; then
 * {@code about} fills the document to exactly the target. Only when even the shortest arrays do not fit (values near
 * their caps, at a target near the minimum) is a document longer than the target, by at most 3 % (docs/MEASUREMENT.md);
 * {@link #MIN_TARGET_BYTES} is the smallest target for which that holds.
 */
final class DocumentBody {

    /** Leaf paths per document, array elements collapsed, the four {@link EventLayout} fields included. */
    static final int FIELD_COUNT = 60;

    static final int MAX_TAGS = 5;
    static final int MAX_LUCKY_NUMBERS = 5;
    static final int MAX_FRIENDS = 4;
    static final int MIN_ABOUT_BYTES = 8;

    /** One scalar: the bytes before its value (closing the previous value, opening objects) and its pool. */
    record Step(byte[] fragment, Pool pool) {}

    static final List<Step> SCALARS = List.of(
            step(",\"is_active\":", BOOL),
            step(",\"balance\":", BALANCE),
            step(",\"age\":", AGE),
            step(",\"gender\":", GENDER),
            step(",\"eye_color\":", EYE_COLOR),
            step(",\"favorite_fruit\":", FRUIT),
            step(",\"greeting\":", GREETING),
            step(",\"registered\":", DATE),
            step(",\"email\":", EMAIL),
            step(",\"phone\":", PHONE),
            step(",\"hobby\":", HOBBY),
            step(",\"rating\":", RATING),
            step(",\"level\":", LEVEL),
            step(",\"karma\":", KARMA),
            step(",\"score\":", SCORE),
            step(",\"vip\":", BOOL),
            step(",\"beta\":", BOOL),
            step(",\"mfa\":", BOOL),
            step(",\"bot\":", BOOL),
            step(",\"name\":{\"first\":", FIRST_NAME),
            step(",\"last\":", LAST_NAME),
            step("},\"company\":{\"name\":", COMPANY),
            step(",\"catch_phrase\":", CATCH_PHRASE),
            step(",\"industry\":", INDUSTRY),
            step("},\"address\":{\"street\":", STREET),
            step(",\"city\":", CITY),
            step(",\"state\":", STATE),
            step(",\"zipcode\":", ZIPCODE),
            step(",\"country\":", COUNTRY),
            step(",\"geo\":{\"lat\":", LATITUDE),
            step(",\"lon\":", LONGITUDE),
            step("}},\"account\":{\"plan\":", PLAN),
            step(",\"currency\":", CURRENCY),
            step(",\"credit\":", CREDIT),
            step(",\"verified\":", BOOL),
            step("},\"device\":{\"os\":", OS),
            step(",\"ip\":", IP),
            step(",\"app\":", APP_VERSION),
            step(",\"battery\":", BATTERY),
            step(",\"wifi\":", BOOL),
            step("},\"prefs\":{\"lang\":", LANGUAGE),
            step(",\"theme\":", THEME),
            step(",\"news\":", BOOL),
            step(",\"sms\":", BOOL),
            step(",\"push\":", BOOL),
            step("},\"stats\":{\"posts\":", POSTS),
            step(",\"likes\":", LIKES),
            step(",\"views\":", VIEWS),
            step(",\"shares\":", SHARES),
            step(",\"logins\":", LOGINS),
            step(",\"visits\":", VISITS));

    static final byte[] FRIENDS_OPEN = ascii("},\"friends\":[{\"name\":");
    static final byte[] NEXT_FRIEND = ascii("},{\"name\":");
    static final byte[] SINCE = ascii(",\"since\":");
    static final byte[] TAGS_OPEN = ascii("}],\"tags\":[");
    static final byte[] COMMA = ascii(",");
    static final byte[] LUCKY_OPEN = ascii("],\"lucky\":[");
    static final byte[] ABOUT_OPEN = ascii("],\"about\":\"");
    static final byte[] DOCUMENT_CLOSE = ascii("\"}");

    /** Longest possible prefix: a UUID and three 19-digit numbers. */
    static final int MAX_PREFIX_BYTES = EventLayout.ID_PREFIX.length
            + EventLayout.ID_LENGTH
            + EventLayout.EVENT_TIME_PREFIX.length
            + EventLayout.GENERATOR_PREFIX.length
            + EventLayout.SEQ_PREFIX.length
            + 3 * 19;

    static final int MAX_SCALARS_BYTES = SCALARS.stream()
            .mapToInt(s -> s.fragment().length + s.pool().maxBytes)
            .sum();
    // Worst case of the first (mandatory) element of each array, and of each further element.
    static final int MAX_FIRST_TAG_BYTES = TAGS_OPEN.length + TAG.maxBytes;
    static final int MAX_NEXT_TAG_BYTES = COMMA.length + TAG.maxBytes;
    static final int MAX_FIRST_LUCKY_BYTES = LUCKY_OPEN.length + LUCKY_NUMBER.maxBytes;
    static final int MAX_NEXT_LUCKY_BYTES = COMMA.length + LUCKY_NUMBER.maxBytes;
    static final int MAX_FIRST_FRIEND_BYTES =
            FRIENDS_OPEN.length + FRIEND_NAME.maxBytes + SINCE.length + Pool.FRIEND_SINCE.maxBytes;
    static final int MAX_NEXT_FRIEND_BYTES =
            NEXT_FRIEND.length + FRIEND_NAME.maxBytes + SINCE.length + Pool.FRIEND_SINCE.maxBytes;
    static final int MIN_ABOUT_TAIL_BYTES = ABOUT_OPEN.length + MIN_ABOUT_BYTES + DOCUMENT_CLOSE.length;

    // What must still fit after the current array's optional elements: the later arrays' first elements and about.
    // Friends come first so that the arrays of objects get the budget before the arrays of scalars.
    static final int RESERVE_AFTER_LUCKY = MIN_ABOUT_TAIL_BYTES;
    static final int RESERVE_AFTER_TAGS = MAX_FIRST_LUCKY_BYTES + RESERVE_AFTER_LUCKY;
    static final int RESERVE_AFTER_FRIENDS = MAX_FIRST_TAG_BYTES + RESERVE_AFTER_TAGS;

    /** The longest document: every value at its cap, every array at one element, {@code about} at its minimum. */
    static final int MAX_TIGHT_DOC_BYTES =
            MAX_PREFIX_BYTES + MAX_SCALARS_BYTES + MAX_FIRST_FRIEND_BYTES + RESERVE_AFTER_FRIENDS;

    /** The smallest target that every document meets within +3 %. */
    static final int MIN_TARGET_BYTES = (MAX_TIGHT_DOC_BYTES * 100 + 102) / 103;

    /**
     * Distinct bodies per generator: ~9 MB at the default size, enough that every field's 256 values appear in many
     * combinations, small enough for the CPU's last-level cache.
     */
    static final int VARIANTS = 8192;

    /** Each variant's scalars and arrays, up to the opening quote of {@code about}. */
    private final PackedPool variants;

    /**
     * The top-level scalars (the {@link #SCALARS} before {@code name}), each fused with its pool's values: what a patch
     * of workload {@code dml} changes.
     */
    static final int PATCHABLE_FIELDS = 19;

    static final int MAX_PATCHED_FIELDS = 3;

    private final PackedPool[] patchable;
    private final byte[] aboutText;
    private final SplittableRandom random;
    private final int targetBytes;

    DocumentBody(ValuePools pools, SplittableRandom random, int targetBytes) {
        this(pools, random, targetBytes, 0);
    }

    /**
     * @param reservedBytes room the variants leave for more prefix ({@code _op} and {@code _version} of workload
     *     {@code dml}), so that every document still meets the target exactly and documents keep one size
     */
    DocumentBody(ValuePools pools, SplittableRandom random, int targetBytes, int reservedBytes) {
        this.variants = new BodyAssembler(pools, random, targetBytes - reservedBytes).assemble(VARIANTS);
        this.patchable = SCALARS.subList(0, PATCHABLE_FIELDS).stream()
                .map(s -> PackedPool.of(s.fragment(), pools.values(s.pool())))
                .toArray(PackedPool[]::new);
        this.aboutText = pools.aboutText();
        this.random = random;
        this.targetBytes = targetBytes;
    }

    /** Appends the body to a buffer that holds the prefix, ending the document. */
    void write(JsonBuffer out) {
        variants.writeRandom(out, random.nextInt());
        int textBytes = Math.max(MIN_ABOUT_BYTES, targetBytes - out.position() - DOCUMENT_CLOSE.length);
        out.putWrapped(aboutText, random.nextInt(aboutText.length), textBytes);
        out.put(DOCUMENT_CLOSE);
    }

    /**
     * Appends a patch to a buffer that holds the prefix, ending the document: one to three distinct top-level fields
     * with new values from their pools ({@code --update-mode patch}).
     */
    void writePatch(JsonBuffer out) {
        int fields = 1 + random.nextInt(MAX_PATCHED_FIELDS);
        int first = random.nextInt(PATCHABLE_FIELDS);
        int second = -1;
        for (int i = 0; i < fields; i++) {
            int field = i == 0 ? first : random.nextInt(PATCHABLE_FIELDS);
            while (field == first && i > 0 || field == second) {
                field = (field + 1) % PATCHABLE_FIELDS;
            }
            if (i == 1) {
                second = field;
            }
            patchable[field].writeRandom(out, random.nextInt());
        }
        out.put(DOCUMENT_CLOSE, 1, 1);
    }

    private static Step step(String fragment, Pool pool) {
        return new Step(ascii(fragment), pool);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
