package io.rtbench.cli.run;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rtbench.cli.support.Defaults;
import io.rtbench.core.IoReasons;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A scenario file ({@code rtbench run SCENARIO.yaml}, see {@code scenarios/}): YAML whose keys are
 * {@link RunSpecBuilder}'s settings, read into one.
 */
final class ScenarioFile {

    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ScenarioFile() {}

    /**
     * Reads a scenario file; one clear line, with the file, the line and column, and the setting, for a file that
     * cannot be read, is not YAML, holds an unknown setting or a value of the wrong type. The files it names for the run
     * to read ({@code connector}, {@code kafkaConfig}, {@code credentialsFile}) are relative to the scenario file, so
     * that it runs from any directory; the {@code result} it writes is relative to the working directory.
     */
    static RunSpecBuilder read(Path file) {
        try {
            RunSpecBuilder builder = YAML.readValue(file.toFile(), RunSpecBuilder.class);
            return builder == null ? new RunSpecBuilder() : besideFile(builder, file);
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException(where(file, e) + "unknown setting '" + e.getPropertyName() + "'; known: "
                    + String.join(
                            ", ",
                            e.getKnownPropertyIds().stream()
                                    .map(Object::toString)
                                    .sorted()
                                    .toList()));
        } catch (MismatchedInputException e) {
            if (e.getPath().isEmpty()) {
                if (isEmpty(file)) {
                    return new RunSpecBuilder(); // only comments, or nothing: no setting, as an empty mapping
                }
                throw new IllegalArgumentException(where(file, e)
                        + "a scenario is a map of settings, one 'name: value' a line (e.g. 'target: postgres'),"
                        + " not a list or a single value");
            }
            String setting = e.getPath().stream()
                    .map(reference -> reference.getFieldName() != null
                            ? reference.getFieldName()
                            : "[" + reference.getIndex() + "]")
                    .collect(Collectors.joining("."));
            throw new IllegalArgumentException(
                    where(file, e) + "'" + setting + "' must be " + expected(e.getTargetType()));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where(file, e) + "not valid YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read scenario " + file + ": " + IoReasons.of(e));
        }
    }

    /** Whether {@code file} holds no YAML document: nothing, blank lines or comments only. */
    private static boolean isEmpty(Path file) {
        try (var lines = Files.lines(file)) {
            return lines.map(String::strip).allMatch(line -> line.isEmpty() || line.startsWith("#"));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static RunSpecBuilder besideFile(RunSpecBuilder scenario, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (scenario.connector != null && !scenario.connector.equals(Defaults.CONNECTOR)) {
            scenario.connector = dir.resolve(scenario.connector).normalize().toString();
        }
        scenario.kafkaConfig = scenario.kafkaConfig == null
                ? null
                : dir.resolve(scenario.kafkaConfig).normalize().toString();
        scenario.credentialsFile = scenario.credentialsFile == null
                ? null
                : dir.resolve(scenario.credentialsFile).normalize().toString();
        return scenario;
    }

    private static String where(Path file, JsonProcessingException e) {
        JsonLocation location = e.getLocation();
        return location == null ? file + ": " : file + ":" + location.getLineNr() + ":" + location.getColumnNr() + ": ";
    }

    /** The kind of value a setting takes, in the user's words rather than a Java type. */
    private static String expected(Class<?> type) {
        if (type == null) {
            return "of another kind";
        }
        if (type == Integer.class || type == Long.class || type == int.class || type == long.class) {
            return "a whole number";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list, e.g. [1MB, 2MB]";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "a map of NAME: VALUE";
        }
        return "a single value";
    }
}
