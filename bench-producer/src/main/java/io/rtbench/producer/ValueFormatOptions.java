package io.rtbench.producer;

import io.rtbench.cli.support.Converters;
import io.rtbench.producer.KafkaDestination.ValueFormat;
import picocli.CommandLine.Option;

/** How the producer writes each record's value (a picocli mixin of {@code produce} and the pipeline commands). */
public final class ValueFormatOptions {

    @Option(
            names = "--value-format",
            paramLabel = "json|json-with-schema",
            converter = Converter.class,
            description = "Record value: the JSON document, or the document in Kafka Connect's JSON schema envelope"
                    + " (flat: _id, _event_time, generator_identifier, _seq, doc) for sinks that need a schema, such"
                    + " as the Debezium JDBC sink.")
    ValueFormat valueFormat;

    public ValueFormat valueFormat() {
        return valueFormat;
    }

    static final class Converter extends Converters.Parsing<ValueFormat> {
        Converter() {
            super(ValueFormat::fromCliName);
        }
    }
}
