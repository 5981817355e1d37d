package io.hearth.testsupport.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * CPU time of the local system's processes, read from /proc, to show where an operation's cost goes:
 * each process with a pid file in {@code $HEARTH_HOME/run} ({@code deploy/}'s services, Kafka, the
 * compute driver), the PostgreSQL cluster at {@code PGPORT} (every process of it, autovacuum included), and the
 * benchmark itself.
 * For a JVM it also reads its JIT compiler threads' share: for minutes after a start, C2 can use as much CPU
 * as the service's own work, which a warm-up of a few seconds does not remove.
 * Empty where /proc is missing.
 */
public final class ProcessCpu {

    private static final Path RUN = Path.of(System.getenv().getOrDefault("HEARTH_HOME", ".hearth"), "run");
    private static final long TICK_MS = 10;
    /** The key of a process's JIT compiler threads' share: the process's name and this. */
    private static final String JIT = " JIT";

    private ProcessCpu() {
    }

    /** Milliseconds of CPU used so far, by process name. */
    public static Map<String, Long> sample() throws IOException {
        Map<String, Long> ms = new TreeMap<>();
        if (Files.isDirectory(RUN)) {
            try (var files = Files.list(RUN)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
                    String name = file.getFileName().toString().replace(".pid", "");
                    String pid = Files.readString(file).trim();
                    ticks(pid).ifPresent(t -> ms.put(name, t * TICK_MS));
                    jitTicks(pid).ifPresent(t -> ms.put(name + JIT, t * TICK_MS));
                }
            }
        }
        try {
            ms.put("postgres", postgresTicks() * TICK_MS);
        } catch (IOException noProc) {
            return Map.of();
        }
        ms.put("bench", ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(0L));
        return ms;
    }

    /**
     * "name ms  name ms (JIT ms) ..." per operation between two samples, for the processes that used any; a JVM's
     * figure includes its JIT compiler threads' share, shown after it when there was one.
     */
    public static String perOperation(Map<String, Long> before, Map<String, Long> after, int count) {
        StringBuilder out = new StringBuilder();
        after.forEach((name, ms) -> {
            long used = ms - before.getOrDefault(name, ms);
            if (used > 0 && !name.endsWith(JIT)) {
                out.append(String.format("%s %.2f", name, (double) used / count));
                Long jit = after.get(name + JIT);
                long jitUsed = jit == null ? 0 : jit - before.getOrDefault(name + JIT, jit);
                if (jitUsed > 0) {
                    out.append(String.format(" (JIT %.2f)", (double) jitUsed / count));
                }
                out.append("  ");
            }
        });
        return out.toString().trim();
    }

    /**
     * "X (JIT Y)": milliseconds per operation between two samples, of every process but the benchmark's own, and of
     * their JIT compiler threads.
     */
    public static String total(Map<String, Long> before, Map<String, Long> after, int count) {
        long all = 0;
        long jit = 0;
        for (Map.Entry<String, Long> entry : after.entrySet()) {
            long used = entry.getValue() - before.getOrDefault(entry.getKey(), entry.getValue());
            if (entry.getKey().endsWith(JIT)) {
                jit += used;
            } else if (!entry.getKey().equals("bench")) {
                all += used;
            }
        }
        return String.format("%.2f (JIT %.2f)", (double) all / count, (double) jit / count);
    }

    /**
     * Nanoseconds the Vert.x event loop threads of a process with a pid file ({@code deploy/}'s services) have run so
     * far, and waited on a run queue for a core while runnable ({@code /proc/<pid>/task/<tid>/schedstat}): when
     * the second grows faster than the first, the service was ready to work and the machine's cores were busy.
     *
     * @return {run, wait}; {0, 0} where that is not readable
     */
    public static long[] eventLoopSchedule(String name) {
        long[] sums = {0, 0};
        try {
            String pid = Files.readString(RUN.resolve(name + ".pid")).trim();
            for (Path task : threads(pid, thread -> thread.startsWith("vert.x-eventloo"))) {
                try {
                    String[] fields = Files.readString(task.resolve("schedstat")).trim().split(" ");
                    sums[0] += Long.parseLong(fields[0]);
                    sums[1] += Long.parseLong(fields[1]);
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
        return sums;
    }

    /**
     * utime + stime of the PostgreSQL cluster that listens on {@code PGPORT} (5432 by default), in clock ticks: its
     * postmaster, its live processes and those that ended (a backend whose pooled connection was closed), which the
     * postmaster's cutime and cstime hold once reaped. Other clusters on the machine are left out; when no
     * postmaster says it listens there (its data directory is not readable), every process named postgres counts.
     */
    private static long postgresTicks() throws IOException {
        String port = System.getenv().getOrDefault("PGPORT", "5432");
        List<String> postgres = new ArrayList<>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (Files.readString(proc.resolve("comm")).trim().equals("postgres")) {
                        postgres.add(proc.getFileName().toString());
                    }
                } catch (IOException gone) {
                    // the process ended meanwhile
                }
            }
        }
        for (String pid : postgres) {
            if (port.equals(postmasterPort(pid))) {
                long ticks = ticks(Path.of("/proc", pid, "stat"), true).orElse(0L);
                for (String child : postgres) {
                    if (pid.equals(parent(child))) {
                        ticks += ticks(child).orElse(0L);
                    }
                }
                return ticks;
            }
        }
        return postgres.stream().mapToLong(pid -> ticks(pid).orElse(0L)).sum();
    }

    /** The port a postmaster listens on (line 4 of its data directory's postmaster.pid), or null if not one. */
    private static String postmasterPort(String pid) {
        try {
            List<String> args = List.of(Files.readString(Path.of("/proc", pid, "cmdline")).split("\0"));
            int dataDir = args.indexOf("-D");
            if (dataDir < 0 || dataDir + 1 >= args.size()) {
                return null;
            }
            List<String> lines = Files.readAllLines(Path.of(args.get(dataDir + 1), "postmaster.pid"));
            return lines.size() > 3 && lines.get(0).trim().equals(pid) ? lines.get(3).trim() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The parent pid of a process, or null. */
    private static String parent(String pid) {
        try {
            return statFields(Path.of("/proc", pid, "stat"))[1];
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** utime + stime of a process, in clock ticks. */
    private static Optional<Long> ticks(String pid) {
        return ticks(Path.of("/proc", pid, "stat"));
    }

    /** utime + stime of a process's HotSpot compiler threads ("C1 CompilerThre", "C2 CompilerThre"), in clock ticks. */
    private static Optional<Long> jitTicks(String pid) {
        try {
            List<Path> compilers = threads(pid, thread -> thread.matches("C[12] CompilerThre.*"));
            return compilers.isEmpty() ? Optional.empty()
                    : Optional.of(compilers.stream().mapToLong(task -> ticks(task.resolve("stat")).orElse(0L)).sum());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The /proc directories of a process's threads whose name ({@code comm}) {@code named} accepts. */
    private static List<Path> threads(String pid, Predicate<String> named) throws IOException {
        List<Path> found = new ArrayList<>();
        try (var tasks = Files.list(Path.of("/proc", pid, "task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (named.test(Files.readString(task.resolve("comm")).strip())) {
                        found.add(task);
                    }
                } catch (IOException gone) {
                    // the thread ended meanwhile
                }
            }
        }
        return found;
    }

    /** utime + stime from a stat file of /proc (a process's or a thread's), in clock ticks. */
    private static Optional<Long> ticks(Path statFile) {
        return ticks(statFile, false);
    }

    /** The same, with {@code reaped} also its children's that ended and were waited for (cutime + cstime). */
    private static Optional<Long> ticks(Path statFile, boolean reaped) {
        try {
            String[] fields = statFields(statFile);
            return Optional.of(Long.parseLong(fields[11]) + Long.parseLong(fields[12])
                    + (reaped ? Long.parseLong(fields[13]) + Long.parseLong(fields[14]) : 0));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The fields of a /proc stat file after the command's name (field 3, the state, first). */
    private static String[] statFields(Path statFile) throws IOException {
        String stat = Files.readString(statFile);
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }
}
