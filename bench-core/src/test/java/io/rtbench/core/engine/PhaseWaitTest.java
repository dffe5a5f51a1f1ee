package io.rtbench.core.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A phase decided elsewhere (a worker's, by its coordinator; docs/ARCHITECTURE.md, "Several hosts"): its stages being
 * done is said once and does not end it; the one deciding, or Ctrl-C, does.
 */
class PhaseWaitTest {

    private final AtomicBoolean done = new AtomicBoolean();
    private final Stages stages = new Stages(List.of(new Stage() {
        @Override
        public String name() {
            return "producer";
        }

        @Override
        public boolean boundsPhase() {
            return true;
        }

        @Override
        public boolean phaseDone() {
            return done.get();
        }
    }));

    @Test
    void theStagesBeingDoneIsSaidOnceAndTheOneDecidingEndsThePhase() {
        AtomicInteger told = new AtomicInteger();
        AtomicInteger asked = new AtomicInteger();
        done.set(true);

        new PhaseWait(stages, new AtomicBoolean())
                .decidedElsewhere(() -> asked.incrementAndGet() >= 3, told::incrementAndGet);

        assertThat(told).hasValue(1);
        assertThat(asked).hasValue(3);
    }

    @Test
    void ctrlCEndsThePhaseThatIsDecidedElsewhere() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger told = new AtomicInteger();

        new PhaseWait(stages, stop)
                .decidedElsewhere(
                        () -> {
                            stop.set(true); // what the Ctrl-C hook does
                            return false;
                        },
                        told::incrementAndGet);

        assertThat(told).as("its stages are not done").hasValue(0);
    }
}
