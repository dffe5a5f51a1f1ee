package io.rtbench.connectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The contract, plus what only a target with a server has to keep: failing fast, in one line, when nothing answers.
 * The in-process targets ({@code null}, {@code reference}) extend {@link TargetContractIT} directly.
 */
public abstract class ServerTargetContractIT extends TargetContractIT {

    /** A configuration of this kind whose server cannot be reached (nothing listens there), with a short timeout. */
    protected abstract TargetConfig unreachableConfig();

    @Test
    void unreachableServerFailsFastWithAClearMessage() {
        TargetConfig config = unreachableConfig();
        Target target = open(config);
        long startNanos = System.nanoTime();

        assertThatThrownBy(target::ensureCollection)
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith(config.kind() + " at ")
                .hasMessageContaining("cannot connect")
                .hasMessageContaining("check")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> target.newestEventTimeMicros(1)).isInstanceOf(TargetException.class);
        assertThatThrownBy(() -> target.write(TestEvents.batch(1, 0, 5, nowMicros())))
                .isInstanceOf(TargetException.class);

        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        assertThat(elapsed).isLessThan(config.timeout().plusSeconds(1));
    }
}
