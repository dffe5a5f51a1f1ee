package io.rtbench.cli.run;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rtbench.cli.support.Defaults;
import io.rtbench.core.IoReasons;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A scenario file ({@code rtbench run SCENARIO.yaml}, see {@code scenarios/}): YAML whose keys are the command's flags
 * in camelCase ({@code --batch-size} is {@code batchSize}, {@code --target-option} is {@code targetOptions}). It is
 * the middle layer of the command's defaults (defaults < scenario < flags): picocli asks it for the value of every
 * flag the user did not give and converts that value as it converts a flag's, so that the option mixins are the only
 * typed source of a setting.
 */
final class ScenarioFile {

    /** A key twice (in the scenario or in one of its maps) is refused: the second would replace the first unseen. */
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build());

    /** Jackson's words for a key given twice ({@link StreamReadFeature#STRICT_DUPLICATE_DETECTION}). */
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '([^']*)'");

    /** Flags whose scenario key is not their camelCase name. */
    private static final Map<String, String> KEYS = Map.of("--target-option", "targetOptions");

    /** Keys that name files for the run to read: relative to the scenario file, so that it runs from anywhere. */
    private static final Set<String> FILES_TO_READ = Set.of("connector", "kafkaConfig", "credentialsFile");

    private final Path file;
    private final CommandSpec command;
    private final Map<String, Setting> settings;

    /** One key's value and where it stands in the file. */
    private record Setting(JsonNode value, JsonLocation where) {}

    private ScenarioFile(Path file, CommandSpec command, Map<String, Setting> settings) {
        this.file = file;
        this.command = command;
        this.settings = settings;
    }

    Path file() {
        return file;
    }

    /**
     * Reads a scenario file for {@code command}; a {@link CommandLine.ParameterException} of one clear line, with the
     * file, the line and column, and the setting, for a file that cannot be read, is not YAML, is not a map of settings
     * or holds a key that is none of the command's flags.
     */
    static ScenarioFile read(Path file, CommandSpec command) {
        Map<String, Setting> settings = new LinkedHashMap<>();
        try (JsonParser parser = YAML.createParser(file.toFile())) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new ScenarioFile(file, command, settings); // only comments, or nothing: no setting
            }
            if (first != JsonToken.START_OBJECT) {
                throw usage(
                        command,
                        where(file, parser.currentTokenLocation())
                                + "a scenario is a map of settings, one 'name: value' a line (e.g. 'target: postgres'),"
                                + " not a list or a single value");
            }
            Set<String> known = keys(command);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonLocation at = parser.currentTokenLocation();
                if (!known.contains(key)) {
                    throw usage(
                            command,
                            where(file, at) + "unknown setting '" + key + "'; known: " + String.join(", ", known));
                }
                parser.nextToken();
                settings.put(key, new Setting(parser.readValueAsTree(), at));
            }
            return new ScenarioFile(file, command, settings);
        } catch (JsonProcessingException e) {
            throw usage(command, notYaml(file, e));
        } catch (IOException e) {
            throw usage(command, "scenario: " + IoReasons.cannotRead(file, e));
        }
    }

    /**
     * The file's value of {@code option} as picocli reads a flag's text (a list joined by the option's split, a map as
     * {@code NAME=VALUE} pairs), or null when the file does not set it; a usage error naming the file, line and key
     * for a value of the wrong kind or one the option's converter refuses.
     */
    String valueOf(OptionSpec option) {
        String key = key(option);
        Setting setting = settings.get(key);
        if (setting == null) {
            return null;
        }
        List<String> texts = texts(option, setting.value())
                .orElseThrow(() ->
                        usage(command, where(file, setting.where()) + "'" + key + "' must be " + expected(option)));
        for (String text : texts) {
            Optional<String> refusal = refusal(option, text);
            if (refusal.isPresent()) {
                throw usage(command, where(file, setting.where()) + "'" + key + "'" + refusal.get());
            }
            if (text.contains(",") && option.isMultiValue()) {
                throw usage(
                        command,
                        where(file, setting.where()) + "'" + key + "': a value with a comma ('" + text
                                + "') cannot be given in a scenario; give it with " + option.longestName());
            }
        }
        List<String> resolved = FILES_TO_READ.contains(key)
                ? texts.stream().map(this::besideFile).toList()
                : texts;
        return String.join(",", resolved);
    }

    /** The keys of a scenario for {@code command}: its visible flags, in camelCase. */
    private static Set<String> keys(CommandSpec command) {
        Set<String> keys = new TreeSet<>();
        for (OptionSpec option : command.options()) {
            if (!option.hidden() && !option.usageHelp() && !option.versionHelp()) {
                keys.add(key(option));
            }
        }
        return keys;
    }

    static String key(OptionSpec option) {
        String flag = option.longestName();
        String named = KEYS.get(flag);
        if (named != null) {
            return named;
        }
        StringBuilder key = new StringBuilder();
        boolean upper = false;
        for (char c : flag.substring(2).toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                key.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return key.toString();
    }

    /** The value as the texts of the option's values; empty when it is of the wrong kind for the option. */
    private static Optional<List<String>> texts(OptionSpec option, JsonNode value) {
        if (option.typeInfo().isMap()) {
            if (!value.isObject()) {
                return Optional.empty();
            }
            List<String> pairs = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                if (!entry.getValue().isValueNode()) {
                    return Optional.empty();
                }
                pairs.add(entry.getKey() + "=" + entry.getValue().asText());
            }
            return Optional.of(pairs);
        }
        if (option.isMultiValue() && value.isArray()) {
            List<String> elements = new ArrayList<>();
            for (JsonNode element : value) {
                if (!element.isValueNode()) {
                    return Optional.empty();
                }
                elements.add(element.asText());
            }
            return Optional.of(elements);
        }
        // YAML's null is the word null, as in 'target: null' (the null target): a value like any other here
        return value.isValueNode() ? Optional.of(List.of(value.asText())) : Optional.empty();
    }

    /** Why the option's converter refuses {@code text}, in the words a flag's error would use. */
    private static Optional<String> refusal(OptionSpec option, String text) {
        Class<?> type = option.typeInfo().isMultiValue()
                ? option.typeInfo().getAuxiliaryTypeInfos().get(0).getType()
                : option.type();
        if (isWholeNumber(type)) {
            try {
                Long.parseLong(text.strip());
                return Optional.empty();
            } catch (NumberFormatException e) {
                return Optional.of(" must be a whole number, got '" + text + "'");
            }
        }
        CommandLine.ITypeConverter<?>[] converters = option.converters();
        if (converters.length == 0 || option.typeInfo().isMap()) {
            return Optional.empty();
        }
        try {
            converters[0].convert(text);
            return Optional.empty();
        } catch (Exception e) {
            return Optional.of(": " + e.getMessage());
        }
    }

    private static boolean isWholeNumber(Class<?> type) {
        return type == Integer.class || type == Long.class || type == int.class || type == long.class;
    }

    /** The kind of value a key takes, in the user's words rather than a Java type. */
    private static String expected(OptionSpec option) {
        if (option.typeInfo().isMap()) {
            return "a map of NAME: VALUE";
        }
        if (option.isMultiValue()) {
            return "a list, e.g. [1MB, 2MB]";
        }
        return isWholeNumber(option.type()) ? "a whole number" : "a single value";
    }

    private String besideFile(String name) {
        if (name.equals(Defaults.CONNECTOR)) {
            return name;
        }
        return file.toAbsolutePath().getParent().resolve(name).normalize().toString();
    }

    /**
     * Why a file is not YAML, where the parser found the problem: SnakeYAML's problem and its mark (e.g. {@code s.yaml:2:1:
     * not valid YAML: found character '\t(TAB)' that cannot start any token}), not the first line of its message, which
     * holds only the context ("while scanning for the next token") and the context's position.
     */
    private static String notYaml(Path file, JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblemMark() != null) {
            Mark at = yaml.getProblemMark();
            String context = yaml.getContext() == null || yaml.getContextMark() == null
                    ? ""
                    : " (" + yaml.getContext() + " from line "
                            + (yaml.getContextMark().getLine() + 1) + ")";
            return file + ":" + (at.getLine() + 1) + ":" + (at.getColumn() + 1) + ": not valid YAML: "
                    + yaml.getProblem() + context;
        }
        Matcher duplicate = DUPLICATE.matcher(e.getOriginalMessage());
        if (duplicate.find()) {
            return where(file, e.getLocation()) + "'" + duplicate.group(1) + "' is set twice; set it once";
        }
        return where(file, e.getLocation()) + "not valid YAML: "
                + e.getOriginalMessage().lines().findFirst().orElse("");
    }

    private static String where(Path file, JsonLocation location) {
        return location == null ? file + ": " : file + ":" + location.getLineNr() + ":" + location.getColumnNr() + ": ";
    }

    private static CommandLine.ParameterException usage(CommandSpec command, String message) {
        return new CommandLine.ParameterException(command.commandLine(), message);
    }
}
