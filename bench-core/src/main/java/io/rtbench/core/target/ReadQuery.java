package io.rtbench.core.target;

import io.rtbench.core.CliNamed;

/**
 * The reads of workload {@code mixed} (docs/GUIDE.md, "Reads under write load"), each by a key of one event that
 * landed at least {@code --read-age} ago.
 */
public enum ReadQuery implements CliNamed {
    /** The event by its {@code _id}. */
    POINT,
    /** The newest {@link Readable#RECENT_EVENTS} events of the event's {@code user_id}, by {@code _event_time}. */
    USER_RECENT,
    /** The count of the event's user's events and the average of their numeric field {@code balance}. */
    AGGREGATE;

    /** The query a user names; {@link IllegalArgumentException} listing the accepted names otherwise. */
    public static ReadQuery fromCliName(String text) {
        return CliNamed.find(ReadQuery.class, text)
                .orElseThrow(() -> new IllegalArgumentException(
                        "must be " + String.join(", ", CliNamed.names(ReadQuery.class)) + ", got '" + text + "'"));
    }
}
