package io.rtbench.servers;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every started server has in common, however it runs (in this JVM, as a child process, in a container): who it
 * is, where it answers, and a {@link #close()} that stops it once however often, and from however many threads, it is
 * called.
 */
public abstract class StartedServer implements RunningServer {

    private final ServerKind kind;
    private final String address;
    private final int port;
    private final String version;
    private final AtomicBoolean closed = new AtomicBoolean();

    protected StartedServer(ServerKind kind, String address, int port, String version) {
        this.kind = kind;
        this.address = address;
        this.port = port;
        this.version = version;
    }

    @Override
    public final ServerKind kind() {
        return kind;
    }

    @Override
    public final String address() {
        return address;
    }

    @Override
    public final int port() {
        return port;
    }

    @Override
    public final String version() {
        return version;
    }

    @Override
    public final void close() {
        if (closed.compareAndSet(false, true)) {
            stop();
        }
    }

    /** Stops the server and removes its temporary files; called once, by the first {@link #close()}; does not throw. */
    protected abstract void stop();
}
