package io.rtbench.servers.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.core.AtomicFiles;
import io.rtbench.core.AtomicFiles.Readers;
import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The state dir of background servers: per server a state file {@code <name>.json}, the daemon's log {@code <name>.log}
 * and its console output {@code <name>.out}, where the name is the kind, or {@code <kind>-<worker>} for the second and
 * later workers of a Connect cluster ({@link DaemonName}).
 */
final class StateFiles {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STATE_SUFFIX = ".json";

    private final Path dir;

    StateFiles(Path dir) {
        this.dir = dir.toAbsolutePath();
    }

    Path dir() {
        return dir;
    }

    Path stateFile(ServerKind kind) {
        return stateFile(DaemonName.of(kind));
    }

    Path stateFile(DaemonName name) {
        return dir.resolve(name.stem() + STATE_SUFFIX);
    }

    Path logFile(DaemonName name) {
        return dir.resolve(name.stem() + ".log");
    }

    Path consoleFile(DaemonName name) {
        return dir.resolve(name.stem() + ".out");
    }

    Path lockFile(DaemonName name) {
        return dir.resolve(name.stem() + ".lock");
    }

    void createDir() {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the state dir " + dir, e);
        }
    }

    /** Writes to a temp file and renames it, so that a reader never sees half a state. */
    void write(ServerState state) {
        Path target = stateFile(state.daemonName());
        try {
            String json = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(state));
            AtomicFiles.writeString(target, Readers.OWNER, json);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    /** The recorded state, or empty when there is none; an unreadable file counts as none and is removed. */
    Optional<ServerState> read(ServerKind kind) {
        return read(DaemonName.of(kind));
    }

    Optional<ServerState> read(DaemonName name) {
        Path file = stateFile(name);
        try {
            return Optional.of(fromJson(name, JSON.readTree(Files.readString(file))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // A state file is only written by rename, so a bad one is not a write in progress but debris.
            delete(name);
            return Optional.empty();
        }
    }

    /** Every recorded state, in {@link ServerKind} order. */
    List<ServerState> readAll() {
        List<ServerState> states = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return states;
        }
        List<DaemonName> recorded = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + STATE_SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                DaemonName.parse(name.substring(0, name.length() - STATE_SUFFIX.length()))
                        .ifPresent(recorded::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        recorded.stream()
                .sorted(Comparator.comparing(DaemonName::kind).thenComparingInt(DaemonName::worker))
                .forEach(name -> read(name).ifPresent(states::add));
        return states;
    }

    void delete(ServerKind kind) {
        delete(DaemonName.of(kind));
    }

    void delete(DaemonName name) {
        try {
            Files.deleteIfExists(stateFile(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + stateFile(name), e);
        }
    }

    private static ObjectNode toJson(ServerState state) {
        ObjectNode json = JSON.createObjectNode();
        json.put("kind", state.kind().cliName());
        json.put("worker", state.worker());
        json.put("address", state.address());
        json.put("port", state.port());
        json.put("serverPid", state.serverPid());
        json.put("daemonPid", state.daemonPid());
        json.put("daemonStartedAt", state.daemonStartedAt().toString());
        json.put("version", state.version());
        json.put("logFile", state.logFile().toString());
        json.put("startedAt", state.startedAt().toString());
        if (state.directory() != null) {
            json.put("directory", state.directory().toString());
        }
        return json;
    }

    private static ServerState fromJson(DaemonName name, JsonNode json) {
        // "worker" is absent from the files of rtbench versions before Connect clusters: those were worker 1
        if (!name.kind().cliName().equals(json.path("kind").asText())
                || name.worker() != json.path("worker").asInt(1)) {
            throw new IllegalArgumentException(
                    "state file of " + name.stem() + " names " + json.path("kind") + " " + json.path("worker"));
        }
        return new ServerState(
                name.kind(),
                name.worker(),
                json.required("address").asText(),
                json.required("port").asInt(),
                json.required("serverPid").asLong(),
                json.required("daemonPid").asLong(),
                Instant.parse(json.required("daemonStartedAt").asText()),
                json.required("version").asText(),
                Path.of(json.required("logFile").asText()),
                Instant.parse(json.required("startedAt").asText()),
                json.hasNonNull("directory") ? Path.of(json.get("directory").asText()) : null);
    }
}
