package io.rtbench.cli.support;

import io.rtbench.core.fault.Fault;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Faults injected into every measured phase of {@code rtbench run} and {@code rtbench sweep} (a picocli mixin; docs/MEASUREMENT.md, "Freshness
 * under faults"): {@code --fault KIND@AT+FOR}, repeatable, also the scenario key {@code fault} (a list). Whether the run
 * can inject them (a process rtbench controls, a window inside the measured phase) is checked with the other settings,
 * before anything starts.
 */
public final class FaultOptions {

    @Option(
            names = "--fault",
            split = ",",
            paramLabel = "KIND@AT+FOR",
            converter = FaultConverter.class,
            description = "Inject a fault into each step's measured phase, AT from its start, lasting FOR (repeatable),"
                    + " e.g. target-pause@10s+5s. Kinds: target-pause (the database rtbench started or runs,"
                    + " `rtbench servers`, stopped with SIGSTOP or docker pause, then continued), target-restart (the"
                    + " database the run started, stopped and started again with its data), broker-restart (the Kafka"
                    + " broker the run started, likewise), sink-kill (the bridge killed, or the Connect worker the run"
                    + " started, then started again on its group), rebalance (a second bridge or Connect worker in the"
                    + " group for FOR). The result says the staleness peak and the time to recover.")
    List<Fault> faults;

    /** The faults given, in order; empty for none. */
    public List<Fault> faults() {
        return faults == null ? List.of() : List.copyOf(faults);
    }

    /** {@code KIND@AT+FOR}, in {@link Fault#parse}'s words. */
    public static final class FaultConverter extends Converters.Parsing<Fault> {
        public FaultConverter() {
            super(Fault::parse);
        }
    }
}
