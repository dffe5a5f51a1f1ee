package io.rtbench.cli.support;

import io.rtbench.core.pacing.Rate;
import io.rtbench.core.time.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** Option converters whose errors name the accepted forms (picocli prefixes the option name). */
public final class Converters {

    private Converters() {}

    /** {@code 20MB}, {@code 20MB/s}, {@code 512KB/s}, {@code 8000/s}, {@code max}. */
    public static final class RateConverter implements CommandLine.ITypeConverter<Rate> {
        @Override
        public Rate convert(String value) {
            try {
                return Rate.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** A TCP port, or 0 for none. */
    public static final class PortConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int port;
            try {
                port = Integer.parseInt(value.strip());
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a port number");
            }
            if (port < 0 || port > 65535) {
                throw new CommandLine.TypeConversionException("must be between 1 and 65535 (or 0: none), got " + port);
            }
            return port;
        }
    }

    /** {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}. */
    public static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
