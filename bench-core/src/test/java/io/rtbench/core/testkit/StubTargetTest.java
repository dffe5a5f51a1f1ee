package io.rtbench.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.event.EventBatch;
import io.rtbench.core.event.EventGenerator;
import io.rtbench.core.event.GeneratorSettings;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Versioned;
import io.rtbench.core.target.WriteResult;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The test kit's stand-in target: its defaults, its queued answers and what it records. */
class StubTargetTest {

    private static EventBatch batch(int events) {
        EventGenerator generator = new EventGenerator(GeneratorSettings.withSeed(1), 7);
        return new EventBatch(IntStream.range(0, events)
                .mapToObj(i -> generator.nextEvent(1_764_000_000_000_000L + i))
                .toList());
    }

    @Test
    void queuedAnswersComeFirstThenTheBuiltOne() {
        StubTarget target = StubTarget.builder().build();
        target.failNextWrite("down").rejectInNextWrite(1, "mapping");

        assertThatThrownBy(() -> target.write(batch(3)))
                .isInstanceOf(TargetException.class)
                .hasMessage("down");
        WriteResult rejected = target.write(batch(3));
        WriteResult whole = target.write(batch(3));

        assertThat(rejected.written()).isEqualTo(2);
        assertThat(rejected.failures())
                .extracting(WriteResult.ItemFailure::index)
                .containsExactly(1);
        assertThat(whole).isEqualTo(WriteResult.allWritten(3));
        assertThat(target.writeCalls()).isEqualTo(3);
        assertThat(target.writes()).hasSize(2);
        assertThat(target.writtenEvents()).isEqualTo(5);
        assertThat(target.mostWritesRunning()).isEqualTo(1);
    }

    @Test
    void probesAndLifecycleAreRecordedAndAVersionedStubIsVersioned() {
        Versioned versions = new Versioned() {
            @Override
            public Map<String, Long> liveVersions(long generatorId, List<String> ids, String variant) {
                return Map.of("a", 3L);
            }

            @Override
            public void rows(long generatorId, RowVisitor visitor) {}
        };
        StubTarget target = StubTarget.builder()
                .onProbe(generatorId -> OptionalLong.of(generatorId * 10))
                .showsEvents(false)
                .versioned(versions)
                .build();

        target.ensureCollection();
        assertThat(target.newestEventTimeMicros(4)).hasValue(40);
        target.close();

        assertThat(target.probes()).isEqualTo(1);
        assertThat(target.collectionEnsured()).isTrue();
        assertThat(target.closed()).isTrue();
        assertThat(target.showsEvents()).isFalse();
        assertThat(target).isInstanceOf(Versioned.class);
        assertThat(((Versioned) target).liveVersions(4, List.of("a"), Versioned.CONSISTENT))
                .isEqualTo(Map.of("a", 3L));
        assertThat(StubTarget.builder().build()).isNotInstanceOf(Versioned.class);
    }
}
