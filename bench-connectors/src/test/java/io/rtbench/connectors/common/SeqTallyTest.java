package io.rtbench.connectors.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.target.AuditCounts;
import org.junit.jupiter.api.Test;

class SeqTallyTest {

    @Test
    void emptyTallyIsNone() {
        assertThat(new SeqTally().counts()).isEqualTo(AuditCounts.NONE);
    }

    @Test
    void countsCopiesButEachSeqOnceAsDistinct() {
        SeqTally tally = new SeqTally();
        assertThat(tally.add(0)).isTrue();
        assertThat(tally.add(2)).isTrue();
        assertThat(tally.add(0)).isFalse();
        assertThat(tally.counts()).isEqualTo(new AuditCounts(3, 2, 2));
    }

    @Test
    void handlesSequenceNumbersBeyondIntRange() {
        SeqTally tally = new SeqTally();
        long far = 5L * Integer.MAX_VALUE;
        tally.add(far);
        tally.add(far + 1);
        assertThat(tally.add(far)).isFalse();
        assertThat(tally.counts()).isEqualTo(new AuditCounts(3, 2, far + 1));
    }

    @Test
    void neighbouringChunksDoNotOverlap() {
        SeqTally tally = new SeqTally();
        for (long seq = (1 << 20) - 3; seq < (1 << 20) + 3; seq++) {
            assertThat(tally.add(seq)).isTrue();
        }
        assertThat(tally.counts().distinctSeqs()).isEqualTo(6);
    }

    @Test
    void rejectsNegativeSeq() {
        assertThatThrownBy(() -> new SeqTally().add(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
