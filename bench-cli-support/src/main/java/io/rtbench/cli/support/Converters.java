package io.rtbench.cli.support;

import io.rtbench.core.Bounds;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.time.Durations;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Option converters whose errors name the accepted forms (picocli prefixes the option name). */
public final class Converters {

    private Converters() {}

    /** {@code 20MB}, {@code 20MB/s}, {@code 512KB/s}, {@code 8000/s}, {@code max}. */
    public static final class RateConverter extends Parsing<Rate> {
        public RateConverter() {
            super(Rate::parse);
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
            try {
                return Bounds.between("a port", 0, 65535, port);
            } catch (IllegalArgumentException e) {
                // picocli puts the option's name first: "--prometheus-port must be between 0 and 65535, got 70000"
                throw new CommandLine.TypeConversionException(e.getMessage().substring("a port ".length()));
            }
        }
    }

    /** {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}. */
    public static final class DurationConverter extends Parsing<Duration> {
        public DurationConverter() {
            super(Durations::parse);
        }
    }

    /**
     * A converter made of a parser whose {@link IllegalArgumentException} already says what is wrong and what is
     * accepted, as rtbench's parsers do (e.g. "'5x' is not a duration; use e.g. 500ms, 30s…"): that message becomes
     * picocli's, after the option's name.
     */
    public abstract static class Parsing<T> implements CommandLine.ITypeConverter<T> {
        private final Function<String, T> parse;

        protected Parsing(Function<String, T> parse) {
            this.parse = parse;
        }

        @Override
        public final T convert(String value) {
            try {
                return parse.apply(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * A whole number, for every {@code int} and {@code long} option (registered by {@link CommandLines}): picocli's own
     * converters say "'1.5' is not an int", in Java's words.
     */
    static long wholeNumber(String value, long max) {
        long number;
        try {
            number = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number");
        }
        if (Math.abs(number) > max) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is out of range (at most ±" + String.format(Locale.ROOT, "%,d", max) + ")");
        }
        return number;
    }

    /**
     * A URL in the user's words: picocli's own converter said "cannot convert 'http://[bad' to URI
     * (java.net.URISyntaxException: …)".
     */
    static URI url(String value) {
        try {
            return new URI(value.strip());
        } catch (URISyntaxException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a URL (" + e.getReason() + " at character " + (e.getIndex() + 1) + ")");
        }
    }

    /** One broker address: a host name, an IPv4 or a bracketed IPv6 address, and a port. */
    private static final Pattern BROKER = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9_.-]+):([0-9]{1,5})");

    /**
     * Kafka's brokers as {@code host:port[,host:port…]}, checked before any server starts: {@code 'a b'} failed after
     * Kafka had started, in {@link URI}'s words ("Illegal character in authority at index 9: kafka://a b").
     */
    public static final class BootstrapServersConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            for (String broker : value.split(",", -1)) {
                Matcher address = BROKER.matcher(broker.strip());
                if (!address.matches() || Integer.parseInt(address.group(2)) > 65535) {
                    throw new CommandLine.TypeConversionException(
                            "'" + value + "' is not a list of brokers as host:port, e.g. kafka1:9092,kafka2:9092");
                }
            }
            return value.strip();
        }
    }

    static void registerConverters(CommandLine line) {
        CommandLine.ITypeConverter<Integer> ints = value -> (int) wholeNumber(value, Integer.MAX_VALUE);
        CommandLine.ITypeConverter<Long> longs = value -> wholeNumber(value, Long.MAX_VALUE);
        line.registerConverter(Integer.class, ints);
        line.registerConverter(int.class, ints);
        line.registerConverter(Long.class, longs);
        line.registerConverter(long.class, longs);
        line.registerConverter(URI.class, Converters::url);
    }
}
