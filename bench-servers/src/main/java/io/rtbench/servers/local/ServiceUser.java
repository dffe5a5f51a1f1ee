package io.rtbench.servers.local;

import com.sun.security.auth.module.UnixSystem;
import io.rtbench.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The user a server runs as. Elasticsearch, OpenSearch and PostgreSQL refuse to run as root (docs/TARGETS.md): when this
 * JVM is root they run as the system user {@value #NAME}, created on first use. They are started through
 * {@code setpriv}, which changes the user and then exec()s the server in the same process, so the child's pid is the
 * server's (or its launcher's) and a stop or kill reaches it directly; {@code runuser} and {@code su} would fork and
 * leave a PAM session process in between.
 */
final class ServiceUser {

    static final String NAME = "rtbench";

    private static final Logger LOG = LoggerFactory.getLogger(ServiceUser.class);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    private static final ServiceUser CURRENT = new ServiceUser(null, null);

    private final String switchTo;
    private final String setpriv;

    private ServiceUser(String switchTo, String setpriv) {
        this.switchTo = switchTo;
        this.setpriv = setpriv;
    }

    /** Runs servers as this JVM's own user. */
    static ServiceUser current() {
        return CURRENT;
    }

    /** The user for servers that refuse root: {@value #NAME} when this JVM is root (created if missing), else us. */
    static synchronized ServiceUser forServersThatRefuseRoot() {
        if (new UnixSystem().getUid() != 0) {
            return CURRENT;
        }
        List<Path> dirs = Executables.searchPath();
        Path setpriv = Executables.require("setpriv", dirs, "util-linux");
        ensureExists(NAME, Executables.require("useradd", dirs, "passwd"));
        return switchingTo(NAME, setpriv);
    }

    /** Runs servers as {@code user} (which must exist) through {@code setpriv}. */
    static ServiceUser switchingTo(String user, Path setpriv) {
        return new ServiceUser(user, setpriv.toString());
    }

    /** Whether servers run as another user than this JVM's. */
    boolean switches() {
        return switchTo != null;
    }

    String name() {
        return switchTo != null ? switchTo : System.getProperty("user.name");
    }

    /** {@code command}, prefixed so that it runs as this user. */
    List<String> command(List<String> command) {
        if (switchTo == null) {
            return List.copyOf(command);
        }
        List<String> wrapped =
                new ArrayList<>(List.of(setpriv, "--reuid=" + switchTo, "--regid=" + switchTo, "--init-groups", "--"));
        wrapped.addAll(command);
        return List.copyOf(wrapped);
    }

    /** HOME, USER and LOGNAME of this user: a server must not look for its files in root's home. */
    Map<String, String> environment(Path home) {
        if (switchTo == null) {
            return Map.of();
        }
        return Map.of("HOME", home.toString(), "USER", switchTo, "LOGNAME", switchTo);
    }

    /** Makes this user the owner of {@code dir} and everything in it. */
    void own(Path dir) {
        if (switchTo == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            UserPrincipalLookupService lookup = FileSystems.getDefault().getUserPrincipalLookupService();
            UserPrincipal user = lookup.lookupPrincipalByName(switchTo);
            GroupPrincipal group = lookup.lookupPrincipalByGroupName(switchTo);
            for (Path path : (Iterable<Path>) paths::iterator) {
                PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
                view.setOwner(user);
                view.setGroup(group);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot give " + dir + " to user " + switchTo + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether this user can read {@code path} (and enter it, if a directory). Asks the kernel as that user, so that
     * a parent directory closed to others (such as root's home, mode 700) is noticed as well as ACLs.
     */
    boolean canAccess(Path path) {
        if (switchTo == null) {
            return Files.isReadable(path);
        }
        String mode = Files.isDirectory(path) ? "-x" : "-r";
        return Commands.run(command(List.of("test", mode, path.toString())), COMMAND_TIMEOUT)
                .ok();
    }

    private static void ensureExists(String name, Path useradd) {
        if (exists(name)) {
            return;
        }
        LOG.info("creating system user '{}' for servers that refuse to run as root", name);
        Commands.Result created = Commands.run(
                List.of(
                        useradd.toString(),
                        "--system",
                        "--user-group",
                        "--no-create-home",
                        "--home-dir",
                        "/nonexistent",
                        "--shell",
                        "/usr/sbin/nologin",
                        name),
                COMMAND_TIMEOUT);
        // Another JVM may have created it in the meantime (useradd exits 9): only its absence is a failure.
        if (!created.ok() && !exists(name)) {
            throw new ServerUnavailableException("cannot create the system user '" + name
                    + "' that runs servers which refuse root (useradd: " + created.output()
                    + "); create it with: useradd --system --user-group " + name);
        }
    }

    private static boolean exists(String name) {
        return Commands.run(List.of("getent", "passwd", name), COMMAND_TIMEOUT).ok();
    }
}
