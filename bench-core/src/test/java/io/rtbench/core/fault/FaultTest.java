package io.rtbench.core.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FaultTest {

    @Test
    void parsesKindAtAndForAndWritesThemBackAsGiven() {
        Fault fault = Fault.parse(" target-pause@10s+5s ");

        assertThat(fault).isEqualTo(new Fault(FaultKind.TARGET_PAUSE, Duration.ofSeconds(10), Duration.ofSeconds(5)));
        assertThat(fault.end()).isEqualTo(Duration.ofSeconds(15));
        assertThat(fault).hasToString("target-pause@10s+5s");
        assertThat(Fault.parse("TARGET-PAUSE@1500ms+2m")).hasToString("target-pause@1500ms+2m");
        assertThat(Fault.parse("target-restart@5s+4s").kind()).isEqualTo(FaultKind.TARGET_RESTART);
        assertThat(Fault.parse("broker-restart@5s+4s").kind()).isEqualTo(FaultKind.BROKER_RESTART);
    }

    @Test
    void anUnknownKindNamesTheKnownOnes() {
        assertThatThrownBy(() -> Fault.parse("broker-pause@10s+5s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown fault kind 'broker-pause'; known: target-pause, target-restart, broker-restart,"
                        + " sink-kill, rebalance");
    }

    @Test
    void aTextWithoutItsPartsSaysTheForm() {
        for (String text : new String[] {"target-pause", "target-pause@10s", "@10s+5s", "target-pause+5s@10s"}) {
            assertThatThrownBy(() -> Fault.parse(text))
                    .as(text)
                    .hasMessage("'" + text + "' is not a fault; use KIND@AT+FOR, e.g. target-pause@10s+5s");
        }
        assertThatThrownBy(() -> Fault.parse("target-pause@soon+5s")).hasMessageContaining("'soon' is not a duration");
        assertThatThrownBy(() -> Fault.parse("target-pause@10s+0s"))
                .hasMessage("a fault's FOR must be positive, got 0s");
    }

    @Test
    void windowsThatShareAMomentOverlapAndOnesThatTouchDoNot() {
        Fault first = Fault.parse("target-pause@5s+4s");

        assertThat(first.overlaps(Fault.parse("target-pause@8s+4s"))).isTrue();
        assertThat(first.overlaps(Fault.parse("target-pause@6s+1s"))).isTrue();
        assertThat(first.overlaps(Fault.parse("target-pause@9s+1s"))).isFalse();
        assertThat(Fault.parse("target-pause@9s+1s").overlaps(first)).isFalse();
    }
}
