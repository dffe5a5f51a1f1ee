package io.rtbench.core.target;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.dml.UpdateMode;
import org.junit.jupiter.api.Test;

/** What a kind runs follows from the interfaces its targets implement, so the claims cannot drift from the class. */
class TargetProviderTest {

    private abstract static class PlainTarget implements Target {}

    private abstract static class FullTarget implements Target, Versioned, Readable, Statements {}

    private static TargetProvider providerOf(Class<? extends Target> type) {
        return new TargetProvider() {
            @Override
            public String kind() {
                return "demo";
            }

            @Override
            public String description() {
                return "a provider for this test";
            }

            @Override
            public Class<? extends Target> targetType() {
                return type;
            }

            @Override
            public Target open(TargetConfig config) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void aTargetThatImplementsOnlyTargetIsRefusedEveryWorkloadButIngestInOneLineNamingItsKind() {
        TargetProvider plain = providerOf(PlainTarget.class);

        assertThat(plain.dmlRefusal(UpdateMode.REPLACE))
                .hasValue("demo does not apply versions and deletes (docs/TARGETS.md); use --workload ingest");
        assertThat(plain.dmlRefusal(UpdateMode.PATCH)).isPresent();
        assertThat(plain.readRefusal(ReadQuery.POINT))
                .hasValue("demo has no reads (docs/TARGETS.md); use --workload ingest or dml");
        assertThat(plain.hasStatements()).isFalse();
    }

    @Test
    void aTargetThatImplementsVersionedReadableAndStatementsRunsThemAll() {
        TargetProvider full = providerOf(FullTarget.class);

        assertThat(full.dmlRefusal(UpdateMode.REPLACE)).isEmpty();
        assertThat(full.dmlRefusal(UpdateMode.PATCH)).isEmpty();
        for (ReadQuery query : ReadQuery.values()) {
            assertThat(full.readRefusal(query)).isEmpty();
        }
        assertThat(full.hasStatements()).isTrue();
    }

    @Test
    void aTargetHasNoNativeIngestionUnlessItsProviderSaysSo() {
        assertThat(providerOf(FullTarget.class).nativeIngest(TargetConfig.of("demo", null)))
                .isEmpty();
    }
}
