package io.rtbench.servers.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.PauseContainerCmd;
import com.github.dockerjava.api.command.UnpauseContainerCmd;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.InternalServerErrorException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link ContainerPause} against an engine that answers as the test says (docs/DOCKER.md, "Faults on containers"): a
 * freeze the engine could not finish is tried again, a refusal is said at once, and only a pause that took effect is
 * undone.
 */
class ContainerPauseTest {

    private static final String ID = "0123456789abcdef0123";
    private static final String UNABLE_TO_FREEZE =
            "{\"message\":\"Cannot pause container " + ID + ": OCI runtime pause failed: unable to freeze: unknown\"}";

    @Test
    void aFreezeTheEngineCouldNotFinishIsTriedAgainUntilItTakesEffect() {
        Engine engine = new Engine(2, new InternalServerErrorException(UNABLE_TO_FREEZE));
        ContainerPause pause = new ContainerPause(engine.client(), ID, "postgres");

        pause.pause();

        assertThat(engine.calls).containsExactly("pause", "pause", "pause", "inspect");
        assertThat(pause.paused()).isTrue();
        assertThat(pause.description()).isEqualTo("postgres (container 0123456789ab)");
        pause.resume();
        pause.resume();
        assertThat(engine.calls).as("one unpause, for the one pause").endsWith("inspect", "unpause");
        assertThat(pause.paused()).isFalse();
    }

    @Test
    void aFreezeThatKeepsFailingPastTheWaitIsSaidWithTheEnginesWords() {
        Engine engine = new Engine(Integer.MAX_VALUE, new InternalServerErrorException(UNABLE_TO_FREEZE));
        ContainerPause pause = new ContainerPause(engine.client(), ID, "postgres", Duration.ZERO);

        assertThatThrownBy(pause::pause)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("postgres (container 0123456789ab) could not be paused in 1 tries within 0 ms")
                .hasMessageContaining("unable to freeze");
        pause.resume();
        assertThat(engine.calls).as("nothing to unpause").containsOnly("pause");
    }

    @Test
    void aContainerThatIsNotRunningIsSaidAtOnce() {
        Engine engine = new Engine(Integer.MAX_VALUE, new ConflictException("Container " + ID + " is not running"));
        ContainerPause pause = new ContainerPause(engine.client(), ID, "clickhouse");

        assertThatThrownBy(pause::pause)
                .hasMessage("clickhouse (container 0123456789ab) could not be paused: Status 409: Container " + ID
                        + " is not running");
        assertThat(engine.calls).containsExactly("pause");
    }

    /** An engine whose first {@code failures} pauses fail with {@code failure}; the container is paused after. */
    private static final class Engine {
        private static final ObjectMapper JSON = new ObjectMapper();

        final List<String> calls = new ArrayList<>();
        private final int failures;
        private final RuntimeException failure;

        Engine(int failures, RuntimeException failure) {
            this.failures = failures;
            this.failure = failure;
        }

        DockerClient client() {
            return proxy(DockerClient.class, (method, args) -> switch (method) {
                case "pauseContainerCmd" ->
                    command("pause", () -> {
                        if (calls.stream().filter("pause"::equals).count() <= failures) {
                            throw failure;
                        }
                        return null;
                    });
                case "unpauseContainerCmd" -> command("unpause", () -> null);
                case "inspectContainerCmd" -> command("inspect", Engine::paused);
                default -> throw new UnsupportedOperationException(method);
            });
        }

        private Object command(String name, Supplier<Object> exec) {
            Class<?> type = switch (name) {
                case "pause" -> PauseContainerCmd.class;
                case "unpause" -> UnpauseContainerCmd.class;
                default -> InspectContainerCmd.class;
            };
            return proxy(type, (method, args) -> {
                if (!method.equals("exec")) {
                    throw new UnsupportedOperationException(method);
                }
                calls.add(name);
                return exec.get();
            });
        }

        private static InspectContainerResponse paused() {
            try {
                return JSON.readValue(
                        "{\"Id\":\"" + ID + "\",\"State\":{\"Status\":\"paused\",\"Running\":true,\"Paused\":true}}",
                        InspectContainerResponse.class);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private interface Answer {
            Object answer(String method, Object[] args);
        }

        private static <T> T proxy(Class<T> type, Answer answer) {
            return type.cast(Proxy.newProxyInstance(
                    type.getClassLoader(),
                    new Class<?>[] {type},
                    (self, method, args) -> answer.answer(method.getName(), args)));
        }
    }
}
