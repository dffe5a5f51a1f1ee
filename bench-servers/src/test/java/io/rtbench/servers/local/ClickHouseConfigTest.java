package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class ClickHouseConfigTest {

    private static final Path DIR = Path.of("/tmp/rtbench-clickhouse-1");
    private static final Path LOG = Path.of("/logs/clickhouse.log");

    @Test
    void serverConfigListensOnLoopbackWithEveryPathInTheTempDir() throws Exception {
        Document config = parse(new ClickHouseConfig(8123, 9000, DIR, LOG, Map.of()).serverXml());

        assertThat(config.getDocumentElement().getNodeName()).isEqualTo("yandex");
        assertThat(text(config, "/yandex/listen_host")).isEqualTo("127.0.0.1");
        assertThat(text(config, "/yandex/http_port")).isEqualTo("8123");
        assertThat(text(config, "/yandex/tcp_port")).isEqualTo("9000");
        assertThat(text(config, "/yandex/logger/log")).isEqualTo(LOG.toString());
        for (String path : List.of("path", "tmp_path", "user_files_path", "format_schema_path")) {
            assertThat(text(config, "/yandex/" + path)).startsWith(DIR + "/").endsWith("/");
        }
        assertThat(text(config, "/yandex/users_config"))
                .isEqualTo(DIR.resolve("users.xml").toString());
    }

    @Test
    void defaultUserHasNoPasswordAndConnectsFromLoopbackOnly() throws Exception {
        Document users = parse(new ClickHouseConfig(8123, 9000, DIR, LOG, Map.of()).usersXml());

        assertThat(text(users, "/yandex/users/default/password")).isEmpty();
        assertThat(texts(users, "/yandex/users/default/networks/ip")).containsExactly("127.0.0.1", "::1");
        assertThat(text(users, "/yandex/users/default/profile")).isEqualTo("default");
        assertThat(count(users, "/yandex/profiles/default")).isEqualTo(1);
        assertThat(count(users, "/yandex/quotas/default")).isEqualTo(1);
    }

    @Test
    void settingsOverrideServerElementsAndFillTheDefaultProfile() throws Exception {
        ClickHouseConfig config = new ClickHouseConfig(
                8123,
                9000,
                DIR,
                LOG,
                Map.of("logger.level", "trace", "max_concurrent_queries", "7", "profile.max_memory_usage", "1000"));

        Document server = parse(config.serverXml());
        assertThat(text(server, "/yandex/logger/level")).isEqualTo("trace");
        assertThat(text(server, "/yandex/logger/log")).isEqualTo(LOG.toString());
        assertThat(text(server, "/yandex/max_concurrent_queries")).isEqualTo("7");
        assertThat(count(server, "/yandex/profile")).isZero();
        assertThat(text(parse(config.usersXml()), "/yandex/profiles/default/max_memory_usage"))
                .isEqualTo("1000");
    }

    @Test
    void textIsEscaped() throws Exception {
        ClickHouseConfig config = new ClickHouseConfig(8123, 9000, DIR, LOG, Map.of("display_name", "a<b & c"));

        assertThat(text(parse(config.serverXml()), "/yandex/display_name")).isEqualTo("a<b & c");
    }

    private static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static String text(Document document, String xpath) throws Exception {
        assertThat(count(document, xpath)).as(xpath).isEqualTo(1);
        return XPathFactory.newInstance().newXPath().evaluate(xpath, document);
    }

    private static List<String> texts(Document document, String xpath) throws Exception {
        NodeList nodes = nodes(document, xpath);
        return IntStream.range(0, nodes.getLength())
                .mapToObj(i -> nodes.item(i).getTextContent())
                .toList();
    }

    private static int count(Document document, String xpath) throws Exception {
        return nodes(document, xpath).getLength();
    }

    private static NodeList nodes(Document document, String xpath) throws Exception {
        return (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, document, XPathConstants.NODESET);
    }
}
