package io.rtbench.servers.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rtbench.servers.ServerKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The state dir of background servers: per kind a state file {@code <kind>.json}, the daemon's log {@code <kind>.log}
 * and its console output {@code <kind>.out}.
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
        return dir.resolve(kind.cliName() + STATE_SUFFIX);
    }

    Path logFile(ServerKind kind) {
        return dir.resolve(kind.cliName() + ".log");
    }

    Path consoleFile(ServerKind kind) {
        return dir.resolve(kind.cliName() + ".out");
    }

    Path lockFile(ServerKind kind) {
        return dir.resolve(kind.cliName() + ".lock");
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
        Path target = stateFile(state.kind());
        try {
            Path temp = Files.createTempFile(dir, state.kind().cliName() + "-", ".tmp");
            Files.writeString(temp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(state)));
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }

    /** The recorded state, or empty when there is none; an unreadable file counts as none and is removed. */
    Optional<ServerState> read(ServerKind kind) {
        Path file = stateFile(kind);
        try {
            return Optional.of(fromJson(kind, JSON.readTree(Files.readString(file))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // A state file is only written by rename, so a bad one is not a write in progress but debris.
            delete(kind);
            return Optional.empty();
        }
    }

    /** Every recorded state, in {@link ServerKind} order. */
    List<ServerState> readAll() {
        List<ServerState> states = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return states;
        }
        List<ServerKind> recorded = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + STATE_SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                kindOf(name.substring(0, name.length() - STATE_SUFFIX.length())).ifPresent(recorded::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        recorded.stream().sorted().forEach(kind -> read(kind).ifPresent(states::add));
        return states;
    }

    void delete(ServerKind kind) {
        try {
            Files.deleteIfExists(stateFile(kind));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + stateFile(kind), e);
        }
    }

    private static Optional<ServerKind> kindOf(String cliName) {
        try {
            return Optional.of(ServerKind.fromCliName(cliName));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static ObjectNode toJson(ServerState state) {
        ObjectNode json = JSON.createObjectNode();
        json.put("kind", state.kind().cliName());
        json.put("address", state.address());
        json.put("port", state.port());
        json.put("serverPid", state.serverPid());
        json.put("daemonPid", state.daemonPid());
        json.put("daemonStartedAt", state.daemonStartedAt().toString());
        json.put("version", state.version());
        json.put("logFile", state.logFile().toString());
        json.put("startedAt", state.startedAt().toString());
        return json;
    }

    private static ServerState fromJson(ServerKind kind, JsonNode json) {
        if (!kind.cliName().equals(json.path("kind").asText())) {
            throw new IllegalArgumentException("state file of " + kind.cliName() + " names " + json.path("kind"));
        }
        return new ServerState(
                kind,
                json.required("address").asText(),
                json.required("port").asInt(),
                json.required("serverPid").asLong(),
                json.required("daemonPid").asLong(),
                Instant.parse(json.required("daemonStartedAt").asText()),
                json.required("version").asText(),
                Path.of(json.required("logFile").asText()),
                Instant.parse(json.required("startedAt").asText()));
    }
}
