package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code comments cite the project's docs as {@code docs/GUIDE.md, "Concepts"}; a section renamed or removed leaves the
 * citation pointing nowhere. Every such citation in the repository's Java sources must name a doc that exists and words
 * that stand in it.
 */
class DocCitationsTest {

    /** A doc's path, an optional comma and the cited words in quotes, the words possibly broken over comment lines. */
    private static final Pattern CITATION = Pattern.compile("docs/([A-Z][A-Z-]*\\.md),? \\(?\"([^\"]+)\"");

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyCitedSectionOfTheDocsExists() throws IOException {
        List<String> broken = new ArrayList<>();
        int citations = 0;
        try (Stream<Path> sources = Files.walk(ROOT)) {
            for (Path source : sources.filter(DocCitationsTest::isSource).toList()) {
                Matcher citation = CITATION.matcher(commentText(Files.readString(source)));
                while (citation.find()) {
                    citations++;
                    Path doc = ROOT.resolve("docs").resolve(citation.group(1));
                    if (!Files.exists(doc)
                            || !normalized(Files.readString(doc)).contains(normalized(citation.group(2)))) {
                        broken.add(ROOT.relativize(source) + ": " + citation.group());
                    }
                }
            }
        }
        assertThat(citations).as("citations found (the pattern still matches)").isGreaterThan(50);
        assertThat(broken)
                .as("citations of a doc or section that does not exist")
                .isEmpty();
    }

    private static boolean isSource(Path path) {
        String name = path.toString();
        return name.endsWith(".java") && !name.contains("/target/") && !name.contains("/.git/");
    }

    /** Comment lines joined: the leading {@code *} or {@code //} of a continued comment line is dropped. */
    private static String commentText(String source) {
        return source.replaceAll("\\n\\s*(\\*|//)\\s*", " ");
    }

    /** Case and line breaks do not matter; Markdown's emphasis does not either. */
    private static String normalized(String text) {
        return text.replaceAll("[*_`]", "").replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
