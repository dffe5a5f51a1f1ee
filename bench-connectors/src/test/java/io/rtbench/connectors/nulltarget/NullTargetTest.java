package io.rtbench.connectors.nulltarget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.connectors.TestEvents;
import io.rtbench.connectors.common.InMemoryCollections;
import io.rtbench.core.target.AuditCounts;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NullTargetTest {

    private final InMemoryCollections<NullTarget.Counts> collections = new InMemoryCollections<>();

    private NullTarget open() {
        return new NullTarget(new TargetConfig("null", null, "events", null, null, Map.of()), collections);
    }

    @Test
    void discardsEventsButCountsThemPerGeneratorForTheAudit() {
        NullTarget target = open();
        target.ensureCollection();

        assertThat(target.write(TestEvents.batch(1, 0, 30, 5)).written()).isEqualTo(30);
        target.write(TestEvents.batch(1, 20, 20, 5));
        target.write(TestEvents.batch(2, 0, 3, 5));

        NullTarget other = open();
        assertThat(other.audit(1)).isEqualTo(new AuditCounts(50, 40, 39));
        assertThat(other.audit(2)).isEqualTo(new AuditCounts(3, 3, 2));
        assertThat(other.audit(3)).isEqualTo(AuditCounts.NONE);
        assertThat(other.newestEventTimeMicros(1)).isEmpty();
        assertThat(other.showsEvents())
                .as("so its empty probes say nothing of a sink behind")
                .isFalse();
    }

    @Test
    void probesAndAuditsNeedTheCollection() {
        assertThatThrownBy(() -> open().audit(1))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("null at null://default: audit failed: collection 'events' does not exist");
    }
}
