package io.rtbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.rtbench.core.result.RunResult;

/**
 * The fields of {@code result.schema.json} the report relies on, checked before mapping so that a file of another
 * kind gets a sentence instead of a mapping error.
 */
final class ResultShape {

    private ResultShape() {}

    /** What is wrong with {@code tree} as a result file, or null when it has what the report needs. */
    static String problem(JsonNode tree) {
        if (tree == null || !tree.isObject()) {
            return "not a JSON object";
        }
        JsonNode schema = tree.get("schema");
        if (schema == null || !schema.isTextual()) {
            return "no \"schema\": \"" + RunResult.SCHEMA + "\"";
        }
        if (!schema.asText().equals(RunResult.SCHEMA)) {
            return "schema is \"" + schema.asText() + "\", expected \"" + RunResult.SCHEMA + "\"";
        }
        JsonNode scenario = tree.get("scenario");
        if (scenario == null || !scenario.isObject() || !scenario.path("target").isTextual()) {
            return "no scenario.target";
        }
        JsonNode steps = tree.get("steps");
        if (steps == null || !steps.isArray()) {
            return "no steps[]";
        }
        for (int i = 0; i < steps.size(); i++) {
            String problem = stepProblem(steps.get(i));
            if (problem != null) {
                return "steps[" + i + "] " + problem;
            }
        }
        return null;
    }

    private static String stepProblem(JsonNode step) {
        if (!step.isObject()) {
            return "is not an object";
        }
        // rate and events are absent where nothing was paced or counted (a bridge or an evaluator on its own)
        JsonNode rate = step.get("rate");
        if (rate != null && !rate.path("achievedEventsPerSec").isNumber()) {
            return "has a rate without achievedEventsPerSec";
        }
        if (rate != null
                && rate.has("achievedBytesPerSec")
                && !rate.get("achievedBytesPerSec").isNumber()) {
            return "has a rate.achievedBytesPerSec that is not a number";
        }
        if (!step.path("durationSec").isNumber()) {
            return "has no durationSec";
        }
        JsonNode events = step.get("events");
        if (events != null && !events.path("produced").isNumber()) {
            return "has events without events.produced";
        }
        if (!step.path("latencyMs").isObject()) {
            return "has no latencyMs";
        }
        return null;
    }
}
