package io.rtbench.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rtbench.cli.RtbenchCommand;
import io.rtbench.cli.support.CommandLines;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The files that run workers elsewhere (docs/GUIDE.md, "Several hosts"): the Kubernetes manifest in docs/ and the
 * compose services are valid YAML of the right shape, and the rtbench commands in them parse with rtbench's own
 * options (a renamed flag breaks this test, not a user's cluster).
 */
class DeploymentFilesTest {

    private static final Path ROOT = Path.of("..");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern DEFAULTED = Pattern.compile("\\$\\{[A-Z_]+:-([^}]*)}");

    @Test
    void theKubernetesManifestIsAWorkerJobAndACoordinatorJob() throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (var parser = YAML.getFactory()
                .createParser(
                        ROOT.resolve("docs/kubernetes/rtbench-workers.yaml").toFile())) {
            YAML.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
        }
        assertThat(documents).hasSize(2);
        assertThat(documents).allSatisfy(job -> {
            assertThat(job.path("apiVersion").asText()).isEqualTo("batch/v1");
            assertThat(job.path("kind").asText()).isEqualTo("Job");
            assertThat(job.at("/spec/template/spec/restartPolicy").asText()).isEqualTo("Never");
        });
        JsonNode workers = documents.get(0);
        List<String> workerArgs = texts(workers.at("/spec/template/spec/containers/0/args"));
        assertThat(workerArgs).startsWith("worker", "--bootstrap-servers");
        assertParses(workerArgs);
        List<String> coordinatorArgs = texts(documents.get(1).at("/spec/template/spec/containers/0/args"));
        assertParses(coordinatorArgs);
        int wanted = Integer.parseInt(coordinatorArgs.get(coordinatorArgs.indexOf("--workers") + 1));
        assertThat(workers.at("/spec/parallelism").asInt())
                .as("one worker pod per worker the coordinator waits for")
                .isEqualTo(wanted)
                .isEqualTo(workers.at("/spec/completions").asInt());
    }

    @Test
    void theComposeHostsProfileHasAScalableWorkerAndACoordinator() throws IOException {
        JsonNode services =
                YAML.readTree(ROOT.resolve("docker-compose.yml").toFile()).path("services");
        JsonNode worker = services.path("worker");
        JsonNode coordinator = services.path("rtbench-hosts");
        assertThat(texts(worker.path("profiles"))).containsExactly("hosts");
        assertThat(texts(coordinator.path("profiles"))).containsExactly("hosts");
        // --scale worker=N needs a service without a fixed name or host port
        assertThat(worker.has("container_name")).isFalse();
        assertThat(worker.has("ports")).isFalse();
        assertThat(texts(services.path("clickhouse").path("profiles"))).contains("hosts");
        assertParses(words(worker.path("command").asText()));
        List<String> run = words(coordinator.path("command").asText());
        assertThat(run).startsWith("run", "--workers");
        assertParses(run);
    }

    private static List<String> texts(JsonNode array) {
        List<String> all = new ArrayList<>();
        ((ArrayNode) array).forEach(node -> all.add(node.asText()));
        return all;
    }

    /** A compose command line with each {@code ${VAR:-default}} as its default. */
    private static List<String> words(String command) {
        Matcher variables = DEFAULTED.matcher(command);
        String expanded = variables.replaceAll(match -> Matcher.quoteReplacement(match.group(1)));
        return List.of(expanded.trim().split("\\s+"));
    }

    private static void assertParses(List<String> args) {
        CommandLine command = CommandLines.commandLine(new RtbenchCommand());
        CommandLine.ParseResult parsed = command.parseArgs(args.toArray(String[]::new));
        assertThat(parsed.hasSubcommand()).isTrue();
        assertThat(parsed.subcommand().unmatched()).isEmpty();
    }
}
