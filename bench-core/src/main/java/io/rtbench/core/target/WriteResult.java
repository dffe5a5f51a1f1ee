package io.rtbench.core.target;

import java.util.List;

/**
 * The target's answer to one {@link Target#write} call.
 *
 * @param written events the target acknowledged
 * @param failures events the target rejected, one entry each, in batch order
 */
public record WriteResult(int written, List<ItemFailure> failures) {

    public WriteResult {
        failures = List.copyOf(failures);
    }

    public static WriteResult allWritten(int count) {
        return new WriteResult(count, List.of());
    }

    public boolean hasFailures() {
        return !failures.isEmpty();
    }

    /** One rejected event: its position in the batch, its {@code _id} and the target's reason. */
    public record ItemFailure(int index, String id, String reason) {}
}
