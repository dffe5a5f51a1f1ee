package io.rtbench.core.dml;

import java.util.UUID;

/**
 * The newest updates and deletes of one {@code dml} generator, for the probe ({@code updateVisible},
 * {@code deleteVisible}, docs/MEASUREMENT.md): two rings of {@value #CAPACITY} entries each, written by the
 * generator's thread (no allocation: the arrays are made once), copied out newest first by the probe's thread. An
 * update whose row was deleted later is marked, since its version can never be seen again.
 */
public final class RecentChanges {

    /** Entries per ring: at 200 updates per second and generator, the last 40 s. */
    public static final int CAPACITY = 8192;

    private final Ring updates = new Ring();
    private final Ring deletes = new Ring();

    /**
     * Records an update; returns its position, to mark it if the row is deleted later.
     *
     * @param previousUpdate the position of the row's previous update (-1 for none): a delete marks them all
     */
    synchronized long update(long idMsb, long idLsb, long version, long eventTimeMicros, long previousUpdate) {
        return updates.add(idMsb, idLsb, version, eventTimeMicros, previousUpdate);
    }

    /**
     * Records a delete; {@code lastUpdate} is the position of the row's newest update in the update ring (-1 for none):
     * it and the row's earlier updates in the ring are marked as never to be seen.
     */
    synchronized void delete(long idMsb, long idLsb, long version, long eventTimeMicros, long lastUpdate) {
        deletes.add(idMsb, idLsb, version, eventTimeMicros, -1);
        updates.supersede(lastUpdate);
    }

    /** The updates in the ring, newest first. */
    public synchronized Window updates() {
        return updates.window();
    }

    /** The deletes in the ring, newest first. */
    public synchronized Window deletes() {
        return deletes.window();
    }

    /**
     * A copy of a ring, newest first (index 0).
     *
     * @param superseded whether the entry's row was deleted later (updates only)
     */
    public record Window(long[] idMsb, long[] idLsb, long[] version, long[] eventTimeMicros, boolean[] superseded) {

        public int size() {
            return version.length;
        }

        /** The {@code _id} of entry {@code i} as written into documents (lower-case canonical UUID). */
        public String id(int i) {
            return new UUID(idMsb[i], idLsb[i]).toString();
        }
    }

    private static final class Ring {
        private final long[] msb = new long[CAPACITY];
        private final long[] lsb = new long[CAPACITY];
        private final long[] version = new long[CAPACITY];
        private final long[] time = new long[CAPACITY];
        private final boolean[] superseded = new boolean[CAPACITY];
        private final long[] previous = new long[CAPACITY];
        private long added;

        long add(long idMsb, long idLsb, long entryVersion, long eventTimeMicros, long previousPosition) {
            int slot = (int) (added % CAPACITY);
            previous[slot] = previousPosition;
            msb[slot] = idMsb;
            lsb[slot] = idLsb;
            version[slot] = entryVersion;
            time[slot] = eventTimeMicros;
            superseded[slot] = false;
            return added++;
        }

        /** Marks the entry at {@code position} and the earlier ones it links to, while they are in the ring. */
        void supersede(long position) {
            while (position >= 0 && position < added && added - position <= CAPACITY) {
                int slot = (int) (position % CAPACITY);
                superseded[slot] = true;
                position = previous[slot];
            }
        }

        Window window() {
            int size = (int) Math.min(added, CAPACITY);
            Window out = new Window(new long[size], new long[size], new long[size], new long[size], new boolean[size]);
            for (int i = 0; i < size; i++) {
                int slot = (int) ((added - 1 - i) % CAPACITY);
                out.idMsb()[i] = msb[slot];
                out.idLsb()[i] = lsb[slot];
                out.version()[i] = version[slot];
                out.eventTimeMicros()[i] = time[slot];
                out.superseded()[i] = superseded[slot];
            }
            return out;
        }
    }
}
