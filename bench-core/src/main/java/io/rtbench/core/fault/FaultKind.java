package io.rtbench.core.fault;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a fault does to the run (docs/MEASUREMENT.md, "Freshness under faults"), by the name a user gives it in
 * {@code --fault KIND@AT+FOR}.
 */
public enum FaultKind {
    /** The database's process (and its children) stopped with SIGSTOP, continued with SIGCONT at the window's end. */
    TARGET_PAUSE("target-pause"),
    /**
     * The database stopped and started again FOR later, on the same port with its data kept; the window lasts until it
     * answers again.
     */
    TARGET_RESTART("target-restart"),
    /**
     * The Kafka broker stopped and started again FOR later, on the same port with its log kept; the window lasts until
     * it answers again.
     */
    BROKER_RESTART("broker-restart"),
    /**
     * The sink killed FOR long: the bridge's consumers closed without committing, or the Connect worker stopped; then
     * started again on the same consumer group, resuming from its committed offsets.
     */
    SINK_KILL("sink-kill"),
    /**
     * A second sink joins the consumer group for FOR (a bridge's consumers, or a Connect worker), so the group
     * rebalances as it joins and again as it leaves.
     */
    REBALANCE("rebalance");

    private final String cliName;

    FaultKind(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** The kind of that name; an {@link IllegalArgumentException} naming the known ones otherwise. */
    public static FaultKind fromCliName(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(kind -> kind.cliName.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown fault kind '" + name + "'; known: "
                        + Arrays.stream(values()).map(FaultKind::cliName).collect(Collectors.joining(", "))));
    }
}
