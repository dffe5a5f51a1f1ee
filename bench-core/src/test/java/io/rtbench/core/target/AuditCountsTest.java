package io.rtbench.core.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AuditCountsTest {

    @Test
    void lostAndDuplicates() {
        AuditCounts counts = new AuditCounts(105, 98, 99);
        assertThat(counts.lost(100)).isEqualTo(2);
        assertThat(counts.duplicates()).isEqualTo(7);
        assertThat(AuditCounts.NONE.lost(10)).isEqualTo(10);
    }

    @Test
    void rejectsImpossibleCounts() {
        assertThatThrownBy(() -> new AuditCounts(1, 2, 1)).hasMessageContaining("inconsistent");
    }

    @Test
    void credentialsNeverPrintTheirSecrets() {
        Credentials credentials = new Credentials("elastic", "s3cret", "k3y");
        assertThat(credentials.toString())
                .doesNotContain("s3cret")
                .doesNotContain("k3y")
                .contains("elastic");
    }

    @Test
    void targetConfigValidatesTheCollection() {
        assertThatThrownBy(() -> TargetConfig.of("opensearch", null).withCollection("Bad Name"))
                .hasMessageContaining("collection 'Bad Name'");
        assertThatThrownBy(() -> TargetConfig.of("opensearch", null).requireUrl())
                .hasMessageContaining("--target-url");
    }
}
