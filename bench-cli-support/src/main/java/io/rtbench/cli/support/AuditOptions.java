package io.rtbench.cli.support;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How long the audit at the end of a step (or of {@code rtbench evaluate}) waits for the events still on their way into
 * the target (a picocli mixin; docs/MEASUREMENT.md, the audit): one declaration of {@code --audit-timeout} for every
 * command that audits.
 */
public final class AuditOptions {

    @Option(
            names = "--audit-timeout",
            defaultValue = Defaults.AUDIT_TIMEOUT,
            paramLabel = "DURATION",
            converter = Converters.DurationConverter.class,
            description = "How long the final audit waits for events still in flight.")
    Duration timeout;

    public Duration timeout() {
        return timeout;
    }
}
