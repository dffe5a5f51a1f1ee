package io.rtbench.core.event;

import static io.rtbench.core.event.Pool.*;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Everything of a document after the {@link EventLayout} prefix: 56 more leaves (scalars, nested objects, three arrays
 * and the {@code about} text), written straight from pre-encoded pool values into a {@link JsonBuffer}.
 *
 * <p>Sizing: 60 leaves of realistic values already take about 1.2 KB (keys alone are half of it), so {@code about}
 * alone cannot absorb the spread. The arrays are therefore elastic too: each gets a random length, but an element
 * beyond the first is only written if the rest of the document still fits the target in the worst case; then
 * {@code about} fills the document to exactly the target. Only when even the shortest arrays do not fit (values near
 * their caps, at a target near the minimum) is a document longer than the target, by at most 3 % (spec section 2);
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

    /** Per scalar step, its fragment fused with each value of its pool. */
    private final PackedPool[] scalars;

    private final PackedPool tags;
    private final PackedPool luckyNumbers;
    private final PackedPool friendNames;
    private final PackedPool friendSinces;
    private final byte[] aboutText;
    private final SplittableRandom random;
    private final int targetBytes;
    /** Where the optional array elements must end, in this document's buffer; set at the start of each write. */
    private int optionalLimit;

    DocumentBody(ValuePools pools, SplittableRandom random, int targetBytes) {
        this.scalars = SCALARS.stream()
                .map(s -> PackedPool.of(s.fragment(), pools.values(s.pool())))
                .toArray(PackedPool[]::new);
        this.tags = PackedPool.of(pools.values(TAG));
        this.luckyNumbers = PackedPool.of(pools.values(LUCKY_NUMBER));
        this.friendNames = PackedPool.of(pools.values(FRIEND_NAME));
        this.friendSinces = PackedPool.of(pools.values(Pool.FRIEND_SINCE));
        this.aboutText = pools.aboutText();
        this.random = random;
        this.targetBytes = targetBytes;
    }

    /** Appends the body to a buffer that holds the prefix, ending the document. */
    void write(JsonBuffer out) {
        // The budget for optional elements assumes the longest prefix, so the identity fields' lengths never change
        // which elements a seed produces; only the about padding absorbs them.
        optionalLimit = out.position() + targetBytes - MAX_PREFIX_BYTES;
        for (PackedPool scalar : scalars) {
            write(out, scalar);
        }
        writeFriends(out);
        writeTags(out);
        writeLuckyNumbers(out);
        writeAbout(out);
    }

    private void writeFriends(JsonBuffer out) {
        int wanted = 1 + random.nextInt(MAX_FRIENDS);
        out.put(FRIENDS_OPEN);
        writeFriend(out);
        for (int i = 1; i < wanted && fits(out, MAX_NEXT_FRIEND_BYTES + RESERVE_AFTER_FRIENDS); i++) {
            out.put(NEXT_FRIEND);
            writeFriend(out);
        }
    }

    private void writeFriend(JsonBuffer out) {
        write(out, friendNames);
        out.put(SINCE);
        write(out, friendSinces);
    }

    private void writeTags(JsonBuffer out) {
        int wanted = 1 + random.nextInt(MAX_TAGS);
        out.put(TAGS_OPEN);
        write(out, tags);
        for (int i = 1; i < wanted && fits(out, MAX_NEXT_TAG_BYTES + RESERVE_AFTER_TAGS); i++) {
            out.put(COMMA);
            write(out, tags);
        }
    }

    private void writeLuckyNumbers(JsonBuffer out) {
        int wanted = 1 + random.nextInt(MAX_LUCKY_NUMBERS);
        out.put(LUCKY_OPEN);
        write(out, luckyNumbers);
        for (int i = 1; i < wanted && fits(out, MAX_NEXT_LUCKY_BYTES + RESERVE_AFTER_LUCKY); i++) {
            out.put(COMMA);
            write(out, luckyNumbers);
        }
    }

    private void writeAbout(JsonBuffer out) {
        out.put(ABOUT_OPEN);
        int textBytes = Math.max(MIN_ABOUT_BYTES, targetBytes - out.position() - DOCUMENT_CLOSE.length);
        out.putWrapped(aboutText, random.nextInt(aboutText.length), textBytes);
        out.put(DOCUMENT_CLOSE);
    }

    private boolean fits(JsonBuffer out, int worstCaseBytes) {
        return out.position() + worstCaseBytes <= optionalLimit;
    }

    private void write(JsonBuffer out, PackedPool pool) {
        pool.writeRandom(out, random.nextInt());
    }

    private static Step step(String fragment, Pool pool) {
        return new Step(ascii(fragment), pool);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
