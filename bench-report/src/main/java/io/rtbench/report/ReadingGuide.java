package io.rtbench.report;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Where the report's reader finds docs/REPORTS.md: the copy in the rtbench checkout this code runs from (its jar is
 * {@code bench-cli/target/rtbench.jar}, its classes {@code bench-cli/target/classes}). The page links to that file; a
 * report opened on another machine, or made by the Docker image (which has no docs), names the document as text.
 */
final class ReadingGuide {

    static final String NAME = "docs/REPORTS.md";

    /** bench-cli/target/rtbench.jar → bench-cli/target → bench-cli → the checkout. */
    private static final int LEVELS_UP = 4;

    private ReadingGuide() {}

    static Optional<URI> find() {
        try {
            CodeSource source = ReadingGuide.class.getProtectionDomain().getCodeSource();
            return source == null
                    ? Optional.empty()
                    : near(Path.of(source.getLocation().toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty(); // an unusual class loader: the page names the document as text
        }
    }

    /** docs/REPORTS.md in {@code start} or one of its first parents. */
    static Optional<URI> near(Path start) {
        Path dir = start.toAbsolutePath();
        for (int i = 0; i < LEVELS_UP && dir != null; i++, dir = dir.getParent()) {
            Path guide = dir.resolve(NAME);
            if (Files.isRegularFile(guide)) {
                return Optional.of(guide.toUri());
            }
        }
        return Optional.empty();
    }
}
