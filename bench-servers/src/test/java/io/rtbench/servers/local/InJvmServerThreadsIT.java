package io.rtbench.servers.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.rtbench.core.utilisation.ThreadGroupCpu;
import io.rtbench.servers.ServerConfig;
import io.rtbench.servers.junit.LocalProviderOnly;
import io.rtbench.servers.testing.KafkaClients;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The threads that the in-JVM broker and Connect worker start are in their thread groups, whose CPU is their part of
 * the harness (docs/MEASUREMENT.md, "The harness and the machine"): every thread born while they start and serve,
 * listed by group with its CPU time.
 */
@LocalProviderOnly("the in-JVM broker and worker themselves")
@Isolated("lists every thread of the JVM: a test running beside it would add threads of its own")
class InJvmServerThreadsIT {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void theBrokersAndTheWorkersThreadsAreInTheirGroupsAndTheirCpuIsCaught() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (KafkaServer kafka = KafkaServer.start(ServerConfig.DEFAULT);
                ConnectServer connect =
                        ConnectServer.start(new ServerConfig(0, Map.of("bootstrap.servers", kafka.address())))) {
            String topic = "threads-" + UUID.randomUUID();
            List<String> records =
                    IntStream.range(0, 20_000).mapToObj(i -> "record-" + i).toList();
            KafkaClients.produce(kafka.address(), topic, records);
            assertThat(KafkaClients.consume(kafka.address(), topic, records.size()))
                    .hasSize(records.size());

            ThreadGroupCpu brokerCpu = kafka.threadsInThisJvm().orElseThrow();
            brokerCpu.cpuNanos(); // a first reading: the threads that end from now on are counted
            ThreadGroup broker = brokerCpu.group();
            ThreadGroup worker = connect.threadsInThisJvm().orElseThrow().group();
            List<Thread> born = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> !before.contains(thread))
                    .toList();
            String listing = listing(born, broker, worker);

            assertThat(names(born, broker))
                    .as(listing)
                    .anyMatch(name -> name.contains("request-handler"))
                    .anyMatch(name -> name.contains("network-thread"))
                    .anyMatch(name -> name.contains("raft"));
            assertThat(names(born, worker)).as(listing).anyMatch(name -> name.contains("DistributedHerder"));
            // the threads born outside the groups are this test's and the readiness checks' (the JDK's HTTP client,
            // rtbench's own code, whose CPU is rtbench's: left out, its polling costs more on a loaded machine); a
            // server's thread among the rest would take its share of the servers' CPU
            long outsideNanos = cpuNanos(
                    born,
                    thread -> !in(thread, broker)
                            && !in(thread, worker)
                            && !thread.getName().startsWith("HttpClient-"));
            long inGroupsNanos = cpuNanos(born, thread -> in(thread, broker) || in(thread, worker));
            assertThat(outsideNanos).as(listing).isLessThan(inGroupsNanos / 100);
            long liveNanos = cpuNanos(born, thread -> in(thread, broker));
            assertThat(brokerCpu.cpuNanos())
                    .as("the group's reading, a moment later, holds its threads' CPU time")
                    .isGreaterThanOrEqualTo(liveNanos);
        }
    }

    /** Where each thread born is ({@code kafka}, {@code connect} or outside), its name and CPU time. */
    private static String listing(List<Thread> born, ThreadGroup broker, ThreadGroup worker) {
        List<String> lines = new ArrayList<>();
        for (Thread thread : born) {
            String where = in(thread, broker) ? "kafka" : in(thread, worker) ? "connect" : "outside";
            lines.add(String.format(Locale.ROOT, "%-8s %8.1f ms  %s", where, cpuNanos(thread) / 1e6, thread.getName()));
        }
        lines.sort(null);
        return String.format(
                        Locale.ROOT,
                        "threads born: kafka %.1f ms, connect %.1f ms, outside %.1f ms of CPU%n",
                        cpuNanos(born, thread -> in(thread, broker)) / 1e6,
                        cpuNanos(born, thread -> in(thread, worker)) / 1e6,
                        cpuNanos(born, thread -> !in(thread, broker) && !in(thread, worker)) / 1e6)
                + String.join(System.lineSeparator(), lines);
    }

    private static List<String> names(List<Thread> threads, ThreadGroup group) {
        return threads.stream()
                .filter(thread -> in(thread, group))
                .map(Thread::getName)
                .collect(Collectors.toList());
    }

    private static long cpuNanos(List<Thread> threads, Predicate<Thread> which) {
        return threads.stream()
                .filter(which)
                .mapToLong(InJvmServerThreadsIT::cpuNanos)
                .sum();
    }

    private static long cpuNanos(Thread thread) {
        return Math.max(0, THREADS.getThreadCpuTime(thread.threadId()));
    }

    /** Whether the thread is in the group or a subgroup of it; a thread that ended is in none. */
    private static boolean in(Thread thread, ThreadGroup group) {
        ThreadGroup its = thread.getThreadGroup();
        return its != null && group.parentOf(its);
    }
}
