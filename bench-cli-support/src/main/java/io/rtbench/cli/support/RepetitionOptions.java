package io.rtbench.cli.support;

import io.rtbench.core.engine.Repetitions;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * JMH-style repetitions of a pipeline run (a picocli mixin of {@code run}, {@code sweep}, {@code peak} and
 * {@code calibrate}; docs/MEASUREMENT.md, "Repetitions"). The defaults make one fork of one iteration lasting
 * {@code --duration}: a run as it was before repetitions.
 */
public final class RepetitionOptions {

    @Option(
            names = "--forks",
            defaultValue = Defaults.FORKS,
            paramLabel = "N",
            description = "Make the whole run N times, each fork with a fresh collection, topic and consumer group or"
                    + " connector; the score's error comes from the spread across forks.")
    int forks;

    @Option(
            names = "--iterations",
            defaultValue = Defaults.ITERATIONS,
            paramLabel = "N",
            description = "Measured windows per step and fork, each with its own histograms.")
    int iterations;

    @Option(
            names = "--iteration-time",
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "Length of one iteration (default: --duration).")
    Duration iterationTime;

    @Option(
            names = "--warmup-iterations",
            defaultValue = Defaults.WARMUP_ITERATIONS,
            paramLabel = "N",
            description = "Windows measured before the iterations and discarded (after --warmup).")
    int warmupIterations;

    @Option(
            names = "--fork-servers",
            description = "With --servers local: start fresh servers (Kafka, the database) for every fork instead of"
                    + " keeping them across forks.")
    boolean forkServers;

    public int forks() {
        return forks;
    }

    public int iterations() {
        return iterations;
    }

    /** Null: each iteration lasts {@code --duration}. */
    public Duration iterationTime() {
        return iterationTime;
    }

    public int warmupIterations() {
        return warmupIterations;
    }

    public boolean forkServers() {
        return forkServers;
    }

    /** The repetitions as given, checked by {@link Settings#checked} when the run is built. */
    public Settings settings() {
        return new Settings(forks, iterations, iterationTime, warmupIterations, forkServers);
    }

    /**
     * The repetitions, checked ({@link Repetitions}' bounds). The scenario records them only for a repeated run; the
     * length of an iteration, which without {@code --iteration-time} is the step's duration, is the run's to record.
     *
     * @param iterationTime null: each iteration lasts {@code --duration}
     * @param forkServers with local servers: fresh servers for every fork instead of one set kept across forks
     */
    public record Settings(int forks, int iterations, Duration iterationTime, int warmupIterations, boolean forkServers)
            implements ScenarioPart {

        /** These settings, when every value is within its range; {@link IllegalArgumentException} naming the flag otherwise. */
        public Settings checked() {
            repetitions();
            return this;
        }

        /** What the engine repeats. */
        public Repetitions repetitions() {
            return new Repetitions(forks, iterations, iterationTime, warmupIterations);
        }

        /** Whether the run asked for anything but one fork of one iteration. */
        public boolean repeated() {
            return repetitions().repeated();
        }

        public Settings withForks(int value) {
            return new Settings(value, iterations, iterationTime, warmupIterations, forkServers);
        }

        public Settings withIterations(int value, Duration time) {
            return new Settings(forks, value, time, warmupIterations, forkServers);
        }

        public Settings withForkServers(boolean value) {
            return new Settings(forks, iterations, iterationTime, warmupIterations, value);
        }

        @Override
        public void describe(Map<String, Object> settings) {
            if (!repeated()) {
                return;
            }
            settings.put("forks", forks);
            settings.put("iterations", iterations);
            settings.put("warmupIterations", warmupIterations);
            if (forkServers) {
                settings.put("forkServers", true);
            }
        }
    }
}
