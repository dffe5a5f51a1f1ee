package io.rtbench.core.event;

import static io.rtbench.core.event.DocumentBody.*;

import java.util.SplittableRandom;

/**
 * Assembles the {@link DocumentBody} variants: for each, every scalar's value and the arrays' elements picked at random
 * from their pools, up to the opening quote of {@code about}. The arrays are elastic: an element beyond the first is
 * only written if the rest of the document still fits the target in the worst case (the longest identity prefix, the
 * later arrays' first elements and the shortest {@code about}), so a variant fits any event's prefix.
 */
final class BodyAssembler {

    /** The longest variant: every value at its cap and every array full. */
    static final int MAX_VARIANT_BYTES = MAX_SCALARS_BYTES
            + MAX_FIRST_FRIEND_BYTES
            + (MAX_FRIENDS - 1) * MAX_NEXT_FRIEND_BYTES
            + MAX_FIRST_TAG_BYTES
            + (MAX_TAGS - 1) * MAX_NEXT_TAG_BYTES
            + MAX_FIRST_LUCKY_BYTES
            + (MAX_LUCKY_NUMBERS - 1) * MAX_NEXT_LUCKY_BYTES
            + ABOUT_OPEN.length;

    /** Per scalar step, its fragment fused with each value of its pool. */
    private final PackedPool[] scalars;

    private final PackedPool tags;
    private final PackedPool luckyNumbers;
    private final PackedPool friendNames;
    private final PackedPool friendSinces;
    private final SplittableRandom random;
    /** Where the optional array elements must end: the target less the longest prefix and the later parts. */
    private final int optionalLimit;

    BodyAssembler(ValuePools pools, SplittableRandom random, int targetBytes) {
        this.scalars = SCALARS.stream()
                .map(s -> PackedPool.of(s.fragment(), pools.values(s.pool())))
                .toArray(PackedPool[]::new);
        this.tags = PackedPool.of(pools.values(Pool.TAG));
        this.luckyNumbers = PackedPool.of(pools.values(Pool.LUCKY_NUMBER));
        this.friendNames = PackedPool.of(pools.values(Pool.FRIEND_NAME));
        this.friendSinces = PackedPool.of(pools.values(Pool.FRIEND_SINCE));
        this.random = random;
        this.optionalLimit = targetBytes - MAX_PREFIX_BYTES;
    }

    /** {@code count} variants (a power of two), packed. */
    PackedPool assemble(int count) {
        byte[][] variants = new byte[count][];
        JsonBuffer out = new JsonBuffer(MAX_VARIANT_BYTES);
        for (int i = 0; i < count; i++) {
            out.reset();
            writeVariant(out);
            variants[i] = out.toByteArray();
        }
        return PackedPool.of(variants);
    }

    private void writeVariant(JsonBuffer out) {
        for (PackedPool scalar : scalars) {
            write(out, scalar);
        }
        writeFriends(out);
        writeTags(out);
        writeLuckyNumbers(out);
        out.put(ABOUT_OPEN);
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

    private boolean fits(JsonBuffer out, int worstCaseBytes) {
        return out.position() + worstCaseBytes <= optionalLimit;
    }

    private void write(JsonBuffer out, PackedPool pool) {
        pool.writeRandom(out, random.nextInt());
    }
}
