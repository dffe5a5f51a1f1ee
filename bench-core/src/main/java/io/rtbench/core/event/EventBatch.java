package io.rtbench.core.event;

import java.util.List;

/** Events written to a target in one call, in the order they were produced or consumed. */
public record EventBatch(List<Event> events) {

    public EventBatch {
        events = List.copyOf(events);
    }

    public int size() {
        return events.size();
    }

    public Event get(int index) {
        return events.get(index);
    }

    /** Sum of the documents' sizes. */
    public long bytes() {
        long total = 0;
        for (Event event : events) {
            total += event.json().length;
        }
        return total;
    }
}
