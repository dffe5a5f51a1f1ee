package io.rtbench.core.utilisation;

import io.rtbench.core.utilisation.Utilisation.Sample;
import io.rtbench.core.utilisation.Utilisation.Summary;
import java.util.ArrayList;
import java.util.List;

/**
 * The utilisation readings of one measured phase, in at most {@link #MAX_POINTS} points whatever its length
 * (docs/MEASUREMENT.md, "Target utilisation"): one point a second for the first hour; when the points are full,
 * neighbours are folded in pairs, so a point then covers 2, 4, 8 … seconds (a 12-hour phase: 16 s a point, 2,700
 * points). A folded point starts at its first second and has the mean CPU, the largest resident memory and the last disk
 * size of its seconds. The summary is over every reading, folded or not. Not thread-safe.
 */
final class UtilisationSeries {

    /** An hour of one-second points; about 60 bytes each in memory, a little more in the result file. */
    static final int MAX_POINTS = 3_600;

    private final int maxPoints;
    private final List<Point> points = new ArrayList<>();
    private int secondsPerPoint = 1;
    private final Point all = new Point(0);

    UtilisationSeries() {
        this(MAX_POINTS);
    }

    UtilisationSeries(int maxPoints) {
        if (maxPoints < 2 || maxPoints % 2 != 0) {
            throw new IllegalArgumentException("maxPoints must be even and at least 2, got " + maxPoints);
        }
        this.maxPoints = maxPoints;
    }

    void add(Sample sample) {
        all.add(sample);
        Point last = points.isEmpty() ? null : points.get(points.size() - 1);
        if (last == null || last.readings >= secondsPerPoint) {
            if (points.size() == maxPoints) {
                fold();
            }
            last = new Point(sample.offsetSec());
            points.add(last);
        }
        last.add(sample);
    }

    /** Every two neighbouring points become one: half as many points, each twice as long. */
    private void fold() {
        List<Point> folded = new ArrayList<>(maxPoints);
        for (int i = 0; i < points.size(); i += 2) {
            Point first = points.get(i);
            if (i + 1 < points.size()) {
                first.add(points.get(i + 1));
            }
            folded.add(first);
        }
        points.clear();
        points.addAll(folded);
        secondsPerPoint *= 2;
    }

    boolean isEmpty() {
        return all.readings == 0;
    }

    void clear() {
        points.clear();
        secondsPerPoint = 1;
        all.reset();
    }

    List<Sample> series() {
        return points.stream().map(Point::sample).toList();
    }

    Summary summary() {
        return new Summary(all.cpuMean(), all.cpuMax, all.rssMax, all.diskFirst, all.diskLast, (int)
                Math.min(Integer.MAX_VALUE, all.readings));
    }

    /** The readings of one point (or, for {@link #all}, of the phase); a figure no reading had stays null. */
    private static final class Point {
        private double offsetSec;
        private long readings;
        private double cpuSum;
        private long cpuReadings;
        private Double cpuMax;
        private Long rssMax;
        private Long diskFirst;
        private Long diskLast;

        Point(double offsetSec) {
            this.offsetSec = offsetSec;
        }

        void add(Sample sample) {
            readings++;
            if (sample.cpuPercent() != null) {
                cpuSum += sample.cpuPercent();
                cpuReadings++;
                cpuMax = cpuMax == null ? sample.cpuPercent() : Math.max(cpuMax, sample.cpuPercent());
            }
            rssMax = max(rssMax, sample.rssBytes());
            if (sample.diskBytes() != null) {
                diskFirst = diskFirst == null ? sample.diskBytes() : diskFirst;
                diskLast = sample.diskBytes();
            }
        }

        /** Takes in the point that follows this one. */
        void add(Point next) {
            readings += next.readings;
            cpuSum += next.cpuSum;
            cpuReadings += next.cpuReadings;
            cpuMax = next.cpuMax == null ? cpuMax : cpuMax == null ? next.cpuMax : Math.max(cpuMax, next.cpuMax);
            rssMax = max(rssMax, next.rssMax);
            diskFirst = diskFirst == null ? next.diskFirst : diskFirst;
            diskLast = next.diskLast == null ? diskLast : next.diskLast;
        }

        Double cpuMean() {
            return cpuReadings == 0 ? null : cpuSum / cpuReadings;
        }

        Sample sample() {
            return new Sample(offsetSec, cpuMean(), rssMax, diskLast);
        }

        void reset() {
            offsetSec = 0;
            readings = 0;
            cpuSum = 0;
            cpuReadings = 0;
            cpuMax = null;
            rssMax = null;
            diskFirst = null;
            diskLast = null;
        }

        private static Long max(Long a, Long b) {
            return a == null ? b : b == null ? a : Long.valueOf(Math.max(a, b));
        }
    }
}
