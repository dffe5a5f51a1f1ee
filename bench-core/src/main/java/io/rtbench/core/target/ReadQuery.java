package io.rtbench.core.target;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The reads of workload {@code mixed} (docs/GUIDE.md, "Reads under write load"), each by a key of one event that
 * landed at least {@code --read-age} ago.
 */
public enum ReadQuery {
    /** The event by its {@code _id}. */
    POINT("point"),
    /** The newest {@link Readable#RECENT_EVENTS} events of the event's {@code user_id}, by {@code _event_time}. */
    USER_RECENT("user-recent"),
    /** The count of the event's user's events and the average of their numeric field {@code balance}. */
    AGGREGATE("aggregate");

    private final String cliName;

    ReadQuery(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** The query a user names; {@link IllegalArgumentException} listing the accepted names otherwise. */
    public static ReadQuery fromCliName(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(query -> query.cliName.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("must be "
                        + Arrays.stream(values()).map(ReadQuery::cliName).collect(Collectors.joining(", ", "", ""))
                        + ", got '" + text + "'"));
    }
}
