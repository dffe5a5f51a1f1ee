package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.cli.support.CommandLines;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunEnvironment;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.Scenario;
import io.rtbench.servers.local.FreePorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * What a user meets with bad input or an unreachable server, command by command (docs/GUIDE.md, "Commands"): exit 2
 * for a usage error and 1 for a failure, one line on stderr that names the flag, the setting or the server, no stack
 * trace, and within the connect timeout (10 s): never a hang and never a server started for nothing. Every case runs
 * the real command in this JVM; the unreachable servers are closed ports of 127.0.0.1.
 */
class BadInputIT {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final int USAGE = CommandLines.USAGE;
    private static final int FAILURE = CommandLines.FAILURE;

    @TempDir
    static Path dir;

    private static ServerSocket busy;

    @BeforeAll
    static void holdAPort() throws IOException {
        busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    @AfterAll
    static void releaseThePort() throws IOException {
        busy.close();
    }

    static Stream<Arguments> cases() {
        String closed = "127.0.0.1:" + FreePorts.free();
        String closedUrl = "http://" + closed;
        String busyPort = Integer.toString(busy.getLocalPort());
        Path result = dir.resolve("result.json");
        ResultFiles.write(
                result,
                RunResult.started(
                                "run-1",
                                Instant.now(),
                                RunEnvironment.detect(),
                                new Scenario("null", "none", 50, 1, 1250, 1L, 0L, Map.of()))
                        .finished(Instant.now(), true));
        List<Arguments> cases = new ArrayList<>();
        // run: flags
        cases.add(usage("run --target mongodb", "unknown target kind 'mongodb'"));
        cases.add(usage("run --pipeline carrier-pigeon", "--pipeline: unknown pipeline"));
        cases.add(usage("run --rate 20XB", "--rate"));
        cases.add(usage("run --rate -5MB", "--rate"));
        cases.add(usage("run --rates 1MB,fast", "--rates"));
        cases.add(usage("run --batch-size 0", "--batch-size"));
        // the producer's ceiling was said after Kafka had started (exit 1)
        cases.add(usage("run --target null --generators 2000", "--generators must be between 1 and 1024, got 2000"));
        cases.add(usage("run --generators 0", "--generators"));
        cases.add(usage("run --doc-size 0", "--doc-size"));
        cases.add(usage("run --duration 0s", "--duration"));
        cases.add(usage("run --duration soon", "--duration"));
        cases.add(usage("run --warmup -1s", "--warmup"));
        cases.add(usage("run --probe-interval 0s", "--probe-interval"));
        cases.add(usage("run --servers cloud", "--servers"));
        cases.add(usage("run --value-format xml", "--value-format"));
        cases.add(usage("run --bridge-threads 0", "--bridge-threads"));
        cases.add(usage("run --bogus 1", "unknown option --bogus"));
        cases.add(usage("run --prometheus-port 70000", "--prometheus-port"));
        cases.add(usage("run --pipeline native --target postgres", "postgres does not ingest from Kafka itself"));
        cases.add(usage("run --workload upsert", "--workload must be ingest, dml or mixed"));
        cases.add(usage("run --read-rate 200/s", "--read-rate is an option of --workload mixed"));
        cases.add(usage("run --workload dml --read-query point", "--read-query is an option of --workload mixed"));
        cases.add(usage("run --workload mixed", "needs --read-rate (e.g. 200/s) or --read-share"));
        cases.add(usage("run --workload mixed --read-rate 200/s --read-share 20%", "give one of them"));
        cases.add(usage("run --workload mixed --read-rate 200/s --read-query scan", "--read-query"));
        cases.add(usage("run --workload mixed --read-rate 2MB", "not a number of reads per second"));
        cases.add(usage("run --workload mixed --read-share 120%", "--read-share must be above 0%"));
        cases.add(usage("run --workload mixed --read-rate 200/s --users 0", "--users must be at least 1"));
        cases.add(usage("run --workload mixed --read-rate 200/s --read-age soon", "--read-age"));
        cases.add(usage("run --workload mixed --read-rate 200/s --window 10ms", "--window must be at least 1s"));
        cases.add(usage("run --workload mixed --read-share 20% --rate max", "with --rate max give --read-rate"));
        cases.add(usage("run --workload mixed --read-rate 200/s --target questdb", "questdb has no reads"));
        cases.add(usage("produce --destination null --workload mixed", "this command takes ingest or dml"));
        cases.add(usage("calibrate --workload mixed", "--workload mixed runs under run, sweep and peak"));
        cases.add(usage("calibrate --read-rate 200/s", "unknown option --read-rate"));
        cases.add(usage("run --workload dml --updates lots", "'lots' is not a share"));
        cases.add(usage("run --workload dml --updates 70% --deletes 40%", "must stay below 100%"));
        cases.add(usage("run --workload dml --update-mode merge", "--update-mode"));
        cases.add(usage("run --workload dml --min-row-age soon", "--min-row-age"));
        cases.add(usage("run --workload dml --target questdb", "questdb cannot apply versions or deletes"));
        cases.add(usage(
                "run --workload dml --pipeline native --target clickhouse",
                "the native pipeline takes workload ingest only"));
        // a result path that could not be written: said before any server starts, not after the measurement
        Path notAFolder = write("not-a-folder", "");
        cases.add(usage("run --target null --result " + dir, "is a folder; give a file in it"));
        cases.add(usage("run --target null --result " + notAFolder + "/x.json", "is a file, not a folder"));
        cases.add(usage("calibrate --result " + dir, "is a folder"));
        cases.add(usage("sweep --target null --rates 1MB,2MB --result " + dir, "is a folder"));
        cases.add(usage("dml --target postgres --result " + dir, "is a folder"));
        cases.add(usage(
                "bridge --target null --bootstrap-servers " + closed + " --result " + dir,
                "--result: " + dir + " is a folder"));
        cases.add(
                usage("evaluate --target null --generator-ids 1 --result " + dir, "--result: " + dir + " is a folder"));
        cases.add(usage("produce --destination null --result " + notAFolder + "/x.json", "is a file, not a folder"));
        // a device is no file to replace: as root the run replaced /dev/null with its result for the whole machine
        cases.add(usage("run --target null --result /dev/null", "/dev/null is not a regular file"));
        cases.add(usage(
                "evaluate --target null --generator-ids 1 --result /dev/null", "/dev/null is not a regular file"));
        cases.add(failure("report " + result + " --html /dev/null", "/dev/null is not a regular file"));
        // an address of the user's with --servers local (the default): ignored, the run measured its own servers
        cases.add(usage(
                "run --target reference --bootstrap-servers " + closed,
                "--bootstrap-servers is for a server of yours, but --servers local (the default)"
                        + " starts its own Kafka: add --servers external"));
        cases.add(usage("run --target opensearch --target-url " + closedUrl, "starts its own opensearch"));
        cases.add(usage(
                "sweep --pipeline kafka-connect --target null --rates 1MB,2MB --connect-url " + closedUrl,
                "starts its own Connect worker"));
        Path credentials = write("credentials.properties", "user=me\npassword=secret\n");
        cases.add(usage(
                "run --target postgres --credentials-file " + credentials,
                "--credentials-file is for a server of yours, but --servers local (the default)"
                        + " starts its own postgres"));
        // picocli said "Unmatched argument at index 0: 'nosuch'"
        cases.add(usage("nosuch", "rtbench: unknown command 'nosuch'; one of quickstart, run,"));
        cases.add(
                usage("servers nosuch", "rtbench servers: unknown command 'nosuch'; one of start, stop, status (see"));
        // picocli's own words were "Value for option option '--set' (NAME=VALUE) should be in KEY=VALUE format"
        cases.add(usage("servers start kafka --set foo", "--set must be NAME=VALUE, e.g. --set name=value; got 'foo'"));
        cases.add(usage("run --target null --target-option foo", "--target-option must be NAME=VALUE"));
        // addresses in a form no client can use: said after Kafka had started (exit 1), or in Java's words
        cases.add(usage(
                "run --servers external --target null --bootstrap-servers kafka",
                "'kafka' is not a list of brokers as host:port"));
        cases.add(usage("worker --bootstrap-servers x:99999", "'x:99999' is not a list of brokers as host:port"));
        cases.add(usage(
                "run --servers external --target opensearch --bootstrap-servers " + closed + " --target-url ftp://x",
                "--target-url: opensearch: target URL 'ftp://x' is not an HTTP address"));
        cases.add(usage(
                "run --servers external --target postgres --bootstrap-servers " + closed + " --target-url " + closedUrl
                        + "/db",
                "is not a PostgreSQL address; use postgresql://host:port/database"));
        cases.add(usage(
                "bridge --target opensearch --bootstrap-servers " + closed + " --target-url nota-url",
                "--target-url: opensearch: target URL 'nota-url' is not an HTTP address"));
        cases.add(usage(
                "evaluate --target clickhouse --generator-ids 1 --target-url http://[bad",
                "'http://[bad' is not a URL (Expected closing bracket for IPv6 address at character 12)"));
        cases.add(usage("run --servers external --target clickhouse", "--bootstrap-servers"));
        cases.add(usage("run --servers external --target clickhouse --bootstrap-servers " + closed, "--target-url"));
        cases.add(usage(
                "run --servers external --pipeline kafka-connect --target null --bootstrap-servers " + closed,
                "--connect-url"));
        // run on several hosts (docs/GUIDE.md, "Several hosts")
        String external =
                " --servers external --target clickhouse --target-url " + closedUrl + " --bootstrap-servers " + closed;
        cases.add(usage("run --workers 0" + external + " --generators 3", "--workers must be at least 1, got 0"));
        cases.add(usage("run --workers 3 --target clickhouse", "--servers external --bootstrap-servers"));
        cases.add(usage("run --workers 3" + external, "--generators (1) must be at least --workers (3)"));
        cases.add(usage(
                "run --workers 2 --servers external --target null --bootstrap-servers " + closed + " --generators 2",
                "a target every host can reach"));
        cases.add(usage("run --workers 2" + external + " --generators 2 --workload dml", "workload ingest only"));
        cases.add(usage(
                "run --workers 2" + external + " --generators 2 --workload mixed --read-rate 10/s",
                "workload ingest only"));
        cases.add(usage("worker", "--bootstrap-servers"));
        // the target is reached before the wait for workers (it waited 60 s, then blamed the workers that had not
        // come), and before Kafka's topics for the hosts
        cases.add(failure(
                "run --workers 2" + external + " --generators 2 --connect-timeout 2s --prometheus-port 0 --result "
                        + dir.resolve("several.json"),
                "clickhouse at " + closedUrl + ": creating table"));
        cases.add(failure(
                "worker --bootstrap-servers " + closed + " --connect-timeout 2s",
                "cannot reach Kafka at " + closed + " within 2 s; check --bootstrap-servers"));
        cases.add(usage("run --credentials-file " + dir.resolve("none.properties"), "no such file"));
        cases.add(usage("run --kafka-config " + dir.resolve("none.properties"), "no such file"));
        // a connector file: refused before any server starts, not once Kafka and the target are prepared
        String connect = "run --pipeline kafka-connect --target postgres --connector ";
        cases.add(usage(
                connect + dir.resolve("none.json"), "--connector: " + dir.resolve("none.json") + ": no such file"));
        cases.add(usage(
                connect + write("connector-broken.json", "{bad"),
                "connector-broken.json: connector definition" + " is not JSON"));
        cases.add(usage(connect + write("connector-noclass.json", "{\"name\": \"x\"}"), "has no connector.class"));
        // run: scenario files
        cases.add(usage("run " + dir.resolve("absent.yaml"), "no such file"));
        cases.add(usage("run " + write("unknown.yaml", "target: clickhouse\nbatchsize: 5\n"), "unknown setting"));
        cases.add(usage(
                "run " + write("typed.yaml", "target: clickhouse\nbatchSize: lots\n"),
                "'batchSize' must be a whole number"));
        cases.add(usage("run " + write("broken.yaml", "target: [clickhouse\nrate: 1MB\n"), "broken.yaml:"));
        cases.add(usage("run " + write("kind.yaml", "target: mongodb\n"), "unknown target kind 'mongodb'"));
        // sweep, peak, calibrate, quickstart
        cases.add(usage("sweep --target null", "--rates is required"));
        cases.add(usage("peak --growth 3 --increment 2MB", "not both"));
        cases.add(usage("peak --max-steps 0", "--max-steps"));
        cases.add(usage("peak --precision 2", "--precision"));
        cases.add(usage("peak --start-rate 1MB --increment 500/s", "--increment"));
        cases.add(usage("peak --start-rate 0", "--start-rate: '0' is not a rate"));
        // peak chooses its rates: a --rates given was ignored without a word
        cases.add(usage("peak --rates 2MB", "peak chooses its own rates: give --start-rate"));
        // a driver option the target does not take kept its default without a word on the console
        cases.add(usage(
                "run --target clickhouse --target-option shards=2",
                "--target-option: clickhouse has no option shards; it takes database, kafka.format,"
                        + " kafka.max.block.size, kafka.num.consumers"));
        cases.add(usage(
                "bridge --target null --target-option refresh.interval=1s",
                "--target-option: null has no option refresh.interval; it takes none"));
        // a bad value was refused only on opening the target, after Kafka and the database had started (exit 1)
        cases.add(usage(
                "run --target postgres --target-option pool.size=abc",
                "target option pool.size=abc for postgres is invalid; expected an integer >= 1"));
        // was said after "preparing the clickhouse target", once the servers had started
        cases.add(usage(
                "run --target clickhouse --doc-size 100", "--doc-size must be between 1226 and 1000000, got 100"));
        // a dml option with another workload changed nothing, without a word (the read options were refused already)
        cases.add(
                usage("run --updates 10%", "--updates is an option of --workload dml; this run's workload is ingest"));
        cases.add(usage(
                "produce --destination null --deletes 2%",
                "--deletes is an option of --workload dml; this run's workload is ingest"));
        cases.add(usage(
                "calibrate --update-mode patch",
                "--update-mode is an option of --workload dml; this run's workload is ingest"));
        cases.add(usage("calibrate --visibility-delay -1s", "--visibility-delay"));
        cases.add(usage("calibrate --visibility-delay 100ms --jitter 300ms", "--jitter"));
        cases.add(usage("calibrate --pipeline kafka-connect", "--pipeline"));
        cases.add(usage("quickstart --rates 1MB,20XB", "20XB"));
        // produce
        cases.add(usage("produce", "--bootstrap-servers is required"));
        cases.add(usage("produce --destination carrier-pigeon", "--destination must be kafka, null or target"));
        cases.add(usage("produce --sink bogus", "unknown target kind 'bogus'"));
        cases.add(usage("produce --destination target", "--target is required"));
        cases.add(usage("produce --destination target --target clickhouse", "--target-url"));
        cases.add(usage("produce --destination null --key nonsense", "use id, generator or none"));
        cases.add(usage("produce --destination null --rate 20XB", "--rate"));
        cases.add(usage("produce --destination null --events -1", "--events"));
        // bridge, evaluate
        cases.add(usage("bridge --bootstrap-servers " + closed, "--target is required"));
        cases.add(usage("bridge --target clickhouse", "--bootstrap-servers"));
        cases.add(usage(
                "bridge --target null --bootstrap-servers " + closed + " --bridge-batch-size 0",
                "--bridge-batch-size"));
        cases.add(usage("evaluate --target null", "--generator-ids"));
        cases.add(usage("evaluate --target bogus --generator-ids 1", "unknown target kind 'bogus'"));
        cases.add(usage("evaluate --target null --generator-ids 1 --probe-interval 0s", "--probe-interval"));
        cases.add(usage("evaluate --target null --generator-ids 1 --connect-timeout 0s", "--connect-timeout"));
        // Kafka that does not answer: the discovery said "no generator announced", the backlog nothing at all
        cases.add(failure(
                "evaluate --target null --bootstrap-servers " + closed
                        + " --generators-from-topic rtbench.generators --connect-timeout 2s --duration 1s",
                "cannot reach Kafka at " + closed + " within 2 s"));
        cases.add(failure(
                "evaluate --target null --generator-ids 1 --bootstrap-servers " + closed
                        + " --sink-group g --connect-timeout 2s --duration 1s",
                "cannot reach Kafka at " + closed + " within 2 s"));
        // servers, report, the command itself
        cases.add(usage("servers start carrier-pigeon", "unknown server 'carrier-pigeon'"));
        cases.add(usage("servers start kafka --port 70000", "--port"));
        cases.add(usage("servers start connect --workers 0", "--workers must be at least 1, got 0"));
        cases.add(usage("servers start connect --workers x", "--workers"));
        cases.add(usage("servers start kafka --workers 2", "--workers is for connect"));
        cases.add(usage("report " + result + " " + result + " --merge", "is given twice"));
        cases.add(usage("--bogus", "unknown option --bogus"));
        // a flag that would be ignored, or that says what another says: refused up front, naming both
        cases.add(usage("run --target null --rates 1MB --rate 2MB", "give --rates or --rate, not both"));
        cases.add(usage("sweep --target null --rates 1MB --batch-sizes 10,20 --batch-size 5", "--batch-sizes or"));
        cases.add(usage("run --target null --iteration-time 10s --duration 5s", "give --iteration-time or --duration"));
        cases.add(usage("calibrate --iteration-time 2s --duration 5s", "--duration plays no part"));
        cases.add(usage(
                "run " + write("both.yaml", "target: null\nrate: 1MB\nrates: [1MB, 2MB]\n"),
                "(the scenario file has both)"));
        cases.add(usage(
                "dml --target postgres --visibility-timeout 0s", "--visibility-timeout must be positive, got 0s"));
        cases.add(usage(
                "bridge --target null --bootstrap-servers " + closed + " --duration 0s",
                "--duration must be positive, got 0s"));
        cases.add(usage(
                "bridge --target null --bootstrap-servers " + closed + " --connect-timeout 0s",
                "--connect-timeout must be positive, got 0s"));
        cases.add(usage(
                "bridge --target null --bootstrap-servers " + closed + " --target-timeout 0s",
                "--target-timeout must be positive, got 0s"));
        cases.add(
                usage("produce --destination null --target postgres", "--target does nothing with --destination null"));
        cases.add(usage("produce --destination null --topic t", "--topic does nothing with --destination null"));
        cases.add(usage(
                "produce --destination target --target null --topic t",
                "--topic does nothing with --destination target (it is --destination kafka's)"));
        cases.add(usage(
                "produce --bootstrap-servers " + closed + " --target-url " + closedUrl,
                "--target-url does nothing with --destination kafka"));
        cases.add(usage("report " + result + " --out x.json", "--out is the file of --format jmh"));
        cases.add(usage("report " + result + " --format jmh --csv x.csv", "--csv is the HTML report's"));
        cases.add(usage("run --target null --collection=", "--collection must be a name of letters"));
        cases.add(usage("run --target null --collection a/b", "got 'a/b'"));
        cases.add(usage("run --target null --topic=", "--topic must be a Kafka topic name"));
        cases.add(usage("sweep --target null --rates 1MB --batch-sizes 10,0", "--batch-sizes must be at least 1"));
        cases.add(usage("peak --precision 0", "--precision must be above 0 and below 1"));
        cases.add(usage("peak --precision 0", "got 0"));
        cases.add(usage("run --target null --target-timeout 0s", "--target-timeout must be positive"));
        // a scenario's value is checked as the flag's, with the file's line
        cases.add(usage(
                "run " + write("rate.yaml", "target: null\nrate: 5XB\n"),
                "rate.yaml:2:1: 'rate': '5XB' is not a rate"));
        cases.add(usage(
                "run " + write("options.yaml", "target: null\ntargetOptions: 1s\n"),
                "'targetOptions' must be a map of NAME: VALUE"));
        cases.add(usage("peak " + write("peak-rates.yaml", "rates: [1MB]\n"), "unknown setting 'rates'"));
        cases.add(
                usage("run " + write("tt.yaml", "targetTimeout: soon\n"), "'targetTimeout': 'soon' is not a duration"));
        // unreachable servers and busy ports: exit 1 within the connect timeout, nothing left running
        cases.add(failure(
                "produce --bootstrap-servers " + closed + " --connect-timeout 2s --duration 5s", "cannot reach Kafka"));
        cases.add(failure("bridge --target null --bootstrap-servers " + closed + " --connect-timeout 2s", "Kafka"));
        // a client that cannot be made: its own message ("Failed to create new KafkaAdminClient") did not say why
        Path tls = write("tls.properties", "security.protocol=SSL\nssl.truststore.location=/no/such.jks\n");
        cases.add(failure(
                "produce --bootstrap-servers " + closed + " --kafka-config " + tls + " --connect-timeout 2s",
                "Failed to load SSL keystore /no/such.jks"));
        cases.add(failure(
                "bridge --target null --bootstrap-servers " + closed + " --kafka-config " + tls
                        + " --connect-timeout 2s",
                "Failed to load SSL keystore /no/such.jks"));
        // a --duration shorter than the connect timeout ended first, with "nothing bridged: check --topic"
        cases.add(failure(
                "bridge --target null --bootstrap-servers " + closed + " --connect-timeout 2s --duration 1s",
                "cannot reach Kafka at " + closed + " within 2 s"));
        cases.add(failure(
                "evaluate --target clickhouse --target-url " + closedUrl + " --generator-ids 1 --duration 60s"
                        + " --prometheus-port 0",
                "clickhouse at " + closedUrl));
        cases.add(failure(
                "run --servers external --target null --bootstrap-servers " + closed + " --prometheus-port " + busyPort,
                "--prometheus-port"));
        cases.add(
                failure("evaluate --target null --generator-ids 1 --prometheus-port " + busyPort, "--prometheus-port"));
        cases.add(failure(
                "run --servers external --target null --bootstrap-servers " + closed + " --prometheus-port 0"
                        + " --connect-timeout 2s --result " + dir.resolve("unreachable.json"),
                "cannot reach Kafka"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsOneLineTheRightExitCodeAndNoHang(String args, int expectedExit, String named) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = CommandLines.commandLine(new RtbenchCommand());
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));

        long start = System.nanoTime();
        int exit = command.execute(args.split(" "));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(exit).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        assertThat(err.toString().lines()).as("one line").hasSize(1);
        assertThat(err.toString()).contains(named).doesNotContain("\tat ").doesNotContain("Exception in");
        assertThat(took).as("within the connect timeout").isLessThan(CONNECT_TIMEOUT);
    }

    private static Arguments usage(String args, String named) {
        return Arguments.of(args, USAGE, named);
    }

    private static Arguments failure(String args, String named) {
        return Arguments.of(args, FAILURE, named);
    }

    private static Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
