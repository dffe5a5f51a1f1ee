package io.rtbench.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DocSizeStatsTest {

    @Test
    void emptyStatsReportZeros() {
        DocSizeStats stats = new DocSizeStats();
        assertThat(stats.count()).isZero();
        assertThat(stats.minBytes()).isZero();
        assertThat(stats.maxBytes()).isZero();
        assertThat(stats.meanBytes()).isZero();
        assertThat(stats.fields()).isEqualTo(60);
    }

    @Test
    void tracksMinMaxAndMean() {
        DocSizeStats stats = new DocSizeStats();
        stats.record(1250);
        stats.record(1240);
        stats.record(1290);
        assertThat(stats.count()).isEqualTo(3);
        assertThat(stats.totalBytes()).isEqualTo(3780);
        assertThat(stats.minBytes()).isEqualTo(1240);
        assertThat(stats.maxBytes()).isEqualTo(1290);
        assertThat(stats.meanBytes()).isCloseTo(1260.0, within(1e-9));
    }

    @Test
    void mergesAndResets() {
        DocSizeStats a = new DocSizeStats();
        a.record(100);
        DocSizeStats b = new DocSizeStats();
        b.record(300);
        b.record(200);
        a.add(b);
        a.add(new DocSizeStats());
        assertThat(a.count()).isEqualTo(3);
        assertThat(a.minBytes()).isEqualTo(100);
        assertThat(a.maxBytes()).isEqualTo(300);
        assertThat(a.meanBytes()).isCloseTo(200.0, within(1e-9));
        a.reset();
        assertThat(a.count()).isZero();
        assertThat(a.minBytes()).isZero();
    }

    @Test
    void recordsWhatTheGeneratorProduces() {
        EventGenerator generator = new EventGenerator(new GeneratorSettings(1, 1250), 1, ValuePools.build(1), 0);
        DocSizeStats stats = new DocSizeStats();
        for (int i = 0; i < 1_000; i++) {
            stats.record(generator.next(1_700_000_000_000_000L).length);
        }
        assertThat(stats.minBytes()).isEqualTo(1250);
        assertThat(stats.maxBytes()).isEqualTo(1250);
        assertThat(stats.meanBytes()).isEqualTo(1250.0);
    }
}
