package io.rtbench.connectors.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.connectors.TargetContractIT;
import io.rtbench.connectors.TestEvents;
import io.rtbench.core.target.GroundTruth;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The contract on the in-memory reference target (no server), with a real clock and a small visibility delay. */
class ReferenceTargetIT extends TargetContractIT {

    @Override
    protected TargetConfig config(String collection) {
        return new TargetConfig(
                "reference",
                URI.create("reference://contract"),
                collection,
                null,
                Duration.ofSeconds(5),
                Map.of("visibility.delay", "50ms", "visibility.jitter", "10ms"));
    }

    /** The reference target keeps redelivered copies, so that the audit shows them. */
    @Override
    protected boolean storesEachIdOnce() {
        return false;
    }

    @Test
    void groundTruthIsSharedWithTargetsOpenedSeparately() {
        String collection = uniqueCollection();
        Target writer = open(config(collection));
        writer.ensureCollection();
        Target reader = open(config(collection).withOptions(Map.of()));
        long generator = newGeneratorId();
        long startMicros = nowMicros();

        writer.write(TestEvents.batch(generator, 0, 100, startMicros));

        assertThat(reader).isInstanceOf(GroundTruth.class);
        Histogram truth = ((GroundTruth) reader).truth().total();
        assertThat(truth.getTotalCount()).isEqualTo(100);
        assertThat(reader.audit(generator).count()).isEqualTo(100);
    }
}
