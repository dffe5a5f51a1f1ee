package io.rtbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.rtbench.core.result.ResultFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Isolated("sets the JVM's default locale, which every test running beside it would format with")
class CsvReportTest {

    /** The golden file; on a mismatch the actual output lands in target/ to diff against it. */
    private static final String GOLDEN = "expected-report.csv";

    @TempDir
    Path dir;

    @Test
    void matchesTheGoldenFile() throws IOException {
        List<ReportedRun> runs = new ResultLoader()
                .load(List.of(Fixtures.copy(Fixtures.OPENSEARCH, dir), Fixtures.copy(Fixtures.CLICKHOUSE, dir)));

        String csv = CsvReport.render(runs);

        String expected = Fixtures.text(GOLDEN);
        if (!csv.equals(expected)) {
            Path actual = Path.of("target", "report-actual.csv");
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, csv, StandardCharsets.UTF_8);
        }
        assertThat(csv).isEqualTo(expected);
    }

    @Test
    void isTheSameInALocaleWithDecimalCommas() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            List<ReportedRun> runs = new ResultLoader().load(List.of(Fixtures.copy(Fixtures.OPENSEARCH, dir)));
            String csv = CsvReport.render(runs);
            assertThat(csv).contains(",512.255,").doesNotContain("512,255");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void quotesFieldsAsRfc4180Says() {
        assertThat(Csv.field("plain")).isEqualTo("plain");
        assertThat(Csv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(Csv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(Csv.field("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(Csv.field(null)).isEmpty();
    }

    @Test
    void formatsNumbersWithoutExponentOrTrailingZeros() {
        assertThat(Numbers.plain(1.0e7, 3)).isEqualTo("10000000");
        assertThat(Numbers.plain(0.0000004, 3)).isEqualTo("0");
        assertThat(Numbers.plain(7.7628125, 6)).isEqualTo("7.762813");
        assertThat(Numbers.plain(Double.NaN, 3)).isEmpty();
        assertThat(Numbers.plain((Double) null, 3)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {Fixtures.OPENSEARCH, Fixtures.CLICKHOUSE})
    void theFixturesAreValidResultFiles(String name) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode document = json.readTree(Fixtures.text(name));
        try (InputStream schemaText = ResultFiles.class.getResourceAsStream("result.schema.json")) {
            // The schema's relative $id cannot be resolved by the validator and plays no part in validation.
            ObjectNode schemaNode = (ObjectNode) json.readTree(schemaText);
            schemaNode.remove("$id");
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(schemaNode);
            assertThat(schema.validate(document)).isEmpty();
        }
    }
}
