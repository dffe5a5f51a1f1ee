package io.rtbench.producer;

import io.rtbench.cli.support.Converters;
import io.rtbench.cli.support.Defaults;
import io.rtbench.cli.support.ScenarioPart;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Option;

/** How the producer writes each record's value (a picocli mixin of {@code produce} and the pipeline commands). */
public final class ValueFormatOptions {

    @Option(
            names = "--value-format",
            defaultValue = Defaults.VALUE_FORMAT,
            paramLabel = "json|json-with-schema",
            converter = Converter.class,
            description = "Record value: the JSON document, or the document in Kafka Connect's JSON schema envelope"
                    + " (flat: _id, _event_time, generator_identifier, _seq, doc) for sinks that need a schema, such"
                    + " as the Debezium JDBC sink.")
    ValueFormat valueFormat;

    public ValueFormat valueFormat() {
        return valueFormat;
    }

    public Settings settings() {
        return new Settings(valueFormat);
    }

    /** The record values' format, for the result's scenario too. */
    public record Settings(ValueFormat valueFormat) implements ScenarioPart {

        public Settings {
            Objects.requireNonNull(valueFormat, "valueFormat");
        }

        @Override
        public void describe(Map<String, Object> settings) {
            settings.put("valueFormat", valueFormat.cliName());
        }
    }

    static final class Converter extends Converters.Parsing<ValueFormat> {
        Converter() {
            super(ValueFormat::fromCliName);
        }
    }
}
