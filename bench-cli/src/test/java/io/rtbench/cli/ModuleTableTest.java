package io.rtbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The module table of docs/ARCHITECTURE.md, "Modules: the pipeline, left to right" says what each module depends on;
 * the poms say what it really does. The table's "depends on" column names the rtbench modules a pom depends on outside
 * test scope by their short name in code font, each followed by its scope when that is not compile ({@code
 * `connectors` (runtime)}), or "no module", and then, after a semicolon, libraries in plain text. This test fails when
 * the two differ, when a module of the root pom has no row, or when the picture above the table leaves a module out.
 */
class ModuleTableTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final String GROUP = "io.rtbench";

    private static final String PREFIX = "bench-";

    /** A module's short name in code font, and its scope in parentheses when that is not compile. */
    private static final Pattern MODULE = Pattern.compile("`([^`]+)`(?:\\s*\\((\\w+)\\))?");

    @Test
    void theTableNamesEachModulesDependenciesAsItsPomDoes() throws Exception {
        List<String> modules = modules();
        Map<String, Set<String>> table = table(architecture());
        assertThat(table.keySet()).as("rows of the module table").containsExactlyInAnyOrderElementsOf(modules);

        Map<String, Set<String>> poms = new TreeMap<>();
        for (String module : modules) {
            poms.put(module, rtbenchDependencies(module));
        }
        assertThat(new TreeMap<>(table))
                .as("the \"depends on\" column against the poms' rtbench dependencies outside test scope")
                .isEqualTo(poms);
    }

    @Test
    void thePictureAboveTheTableShowsEveryModule() throws Exception {
        String doc = architecture();
        int section = doc.indexOf("## Modules");
        int start = doc.indexOf("```", section);
        int end = doc.indexOf("```", start + 3);
        assertThat(section).as("the modules section").isNotNegative();
        assertThat(end).as("the picture of the modules section").isGreaterThan(start);
        String picture = doc.substring(start, end);
        List<String> missing = new ArrayList<>();
        for (String module : modules()) {
            if (!Pattern.compile("(?<![\\w-])" + Pattern.quote(module) + "(?![\\w-])")
                    .matcher(picture)
                    .find()) {
                missing.add(module);
            }
        }
        assertThat(missing).as("modules the picture leaves out").isEmpty();
    }

    private static String architecture() throws IOException {
        return Files.readString(ROOT.resolve("docs/ARCHITECTURE.md"));
    }

    /** The module table's rows: the module (its artifact) to what its "depends on" column names of rtbench's. */
    private static Map<String, Set<String>> table(String doc) {
        List<String> lines = doc.lines().toList();
        int header = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).replace(" ", "").equals("|module|role|dependson|")) {
                header = i;
            }
        }
        assertThat(header)
                .as("the module table's header | module | role | depends on |")
                .isNotNegative();
        Map<String, Set<String>> rows = new TreeMap<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] cells = lines.get(i).split("\\|");
            String module = cells[1].trim().replace("`", "");
            String dependsOn = cells[cells.length - 1].trim();
            int semicolon = dependsOn.indexOf(';');
            String named = semicolon < 0
                    ? dependsOn
                    : dependsOn.substring(0, semicolon).trim();
            Set<String> dependencies = new TreeSet<>();
            Matcher matcher = MODULE.matcher(named);
            while (matcher.find()) {
                dependencies.add(
                        PREFIX + matcher.group(1) + (matcher.group(2) == null ? "" : " (" + matcher.group(2) + ")"));
            }
            if (dependencies.isEmpty()) {
                assertThat(named)
                        .as(module + ": a row without rtbench modules says so")
                        .isEqualTo("no module");
            }
            assertThat(rows.put(module, dependencies)).as("rows of " + module).isNull();
        }
        return rows;
    }

    /** The modules of the root pom, in its order. */
    private static List<String> modules() throws Exception {
        Element project = pom(ROOT.resolve("pom.xml"));
        List<String> modules = new ArrayList<>();
        for (Element list : children(project, "modules")) {
            for (Element module : children(list, "module")) {
                modules.add(module.getTextContent().trim());
            }
        }
        assertThat(modules).as("modules of the root pom").isNotEmpty();
        return modules;
    }

    /**
     * The project's own dependencies (not its dependency management) on other rtbench modules outside test scope, as
     * {@code bench-core} or {@code bench-connectors (runtime)}.
     */
    private static Set<String> rtbenchDependencies(String module) throws Exception {
        Set<String> dependencies = new TreeSet<>();
        for (Element list : children(pom(ROOT.resolve(module).resolve("pom.xml")), "dependencies")) {
            for (Element dependency : children(list, "dependency")) {
                String scope = text(dependency, "scope");
                if (GROUP.equals(text(dependency, "groupId")) && !"test".equals(scope)) {
                    String artifact = text(dependency, "artifactId");
                    dependencies.add(
                            scope == null || scope.equals("compile") ? artifact : artifact + " (" + scope + ")");
                }
            }
        }
        return dependencies;
    }

    private static Element pom(Path path) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(path.toFile()).getDocumentElement();
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> children = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                children.add(element);
            }
        }
        return children;
    }

    private static String text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0).getTextContent().trim();
    }
}
