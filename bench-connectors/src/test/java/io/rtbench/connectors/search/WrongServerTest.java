package io.rtbench.connectors.search;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.rtbench.core.target.Target;
import io.rtbench.core.target.TargetConfig;
import io.rtbench.core.target.TargetException;
import io.rtbench.core.target.Targets;
import java.net.InetSocketAddress;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * A {@code --target-url} that points at another server (a user's typo of a port: ClickHouse's HTTP port answers
 * {@code PUT /rtbench_events} with an empty 501) fails with a hint at the URL, not with a bare "HTTP 501".
 */
class WrongServerTest {

    @Test
    void anAnswerThatIsNotJsonIsTakenForAnotherServer() throws Exception {
        HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/", exchange -> {
            exchange.sendResponseHeaders("HEAD".equals(exchange.getRequestMethod()) ? 404 : 501, -1);
            exchange.close();
        });
        other.start();
        URI url = URI.create("http://127.0.0.1:" + other.getAddress().getPort());
        try (Target target = Targets.open(TargetConfig.of("opensearch", url))) {
            assertThatThrownBy(target::ensureCollection)
                    .isInstanceOf(TargetException.class)
                    .hasMessageEndingWith("creating index rtbench_events failed: HTTP 501 (not an answer of"
                            + " opensearch: is --target-url its HTTP port?)");
        } finally {
            other.stop(0);
        }
    }
}
