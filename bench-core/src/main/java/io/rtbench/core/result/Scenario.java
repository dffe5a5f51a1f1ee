package io.rtbench.core.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fully resolved settings of a run, secrets removed. The named fields are the ones the schema lists; any other
 * resolved setting (rate, topic, duration, …) goes to {@link #settings}, written inline in name order.
 *
 * @param pipeline {@code kafka-bridge}, {@code kafka-connect}, {@code direct}, {@code native} or {@code none}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Scenario(
        String target,
        String pipeline,
        Integer batchSize,
        Integer generators,
        Integer docSize,
        Long seed,
        Long prefillEvents,
        @JsonAnyGetter Map<String, Object> settings) {

    public Scenario {
        settings = settings == null ? new TreeMap<>() : new TreeMap<>(settings);
    }

    @JsonAnySetter
    void putSetting(String name, Object value) {
        settings.put(name, value);
    }
}
