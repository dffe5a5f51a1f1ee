package io.rtbench.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.engine.StepSource;
import io.rtbench.core.pacing.Rate;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.time.Durations;
import io.rtbench.servers.RunningServer;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.ServerKind;
import io.rtbench.servers.ServerProvider;
import io.rtbench.servers.Servers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C: the finished steps are written with {@code complete: false} and the servers the run started are stopped. */
class InterruptIT {

    @TempDir
    Path dir;

    @Test
    void anInterruptedSweepKeepsItsFinishedStepsAndStopsItsServers() {
        RunSpecBuilder builder = RunSpecBuilder.defaults();
        builder.target(set -> set.withKind("clickhouse"));
        builder.run(set -> set.withServers("local"));
        builder.rates = List.of(Rate.parse("500/s"), Rate.parse("600/s"), Rate.parse("700/s"));
        builder.pacing(set -> set.withWarmup(Durations.parse("1s")));
        builder.pacing(set -> set.withDuration(Durations.parse("3s")));
        builder.result = dir.resolve("sweep.json");
        RunSpec spec = builder.build("unused");
        List<RunningServer> started = new ArrayList<>();
        ServerProvider local = Servers.provider(Map.of());
        ServerProvider recording = new ServerProvider() {
            @Override
            public String name() {
                return local.name();
            }

            @Override
            public RunningServer start(ServerKind kind, ServerConfig options) {
                RunningServer server = local.start(kind, options);
                started.add(server);
                return server;
            }
        };
        AtomicBoolean stop = new AtomicBoolean();

        StepSource planned = RunLauncher.planned(spec);
        StepSource stopAfterTheFirst = finished -> {
            if (finished.size() == 1) {
                stop.set(true); // what the Ctrl-C hook does
            }
            return planned.next(finished);
        };

        RunResult result = Runs.run(spec, recording, stopAfterTheFirst, stop);

        assertThat(result.complete()).isFalse();
        assertThat(result.steps()).hasSize(1);
        RunResult written = ResultFiles.read(spec.result());
        assertThat(written.complete()).isFalse();
        assertThat(written.steps()).hasSize(1);
        assertThat(written.steps().get(0).events().lost()).isZero();
        assertThat(started)
                .extracting(RunningServer::kind)
                .containsExactly(ServerKind.KAFKA, ServerKind.fromCliName("clickhouse"));
        assertThat(ProcessHandle.of(started.get(1).pid()))
                .as("ClickHouse stopped")
                .isEmpty();
    }
}
