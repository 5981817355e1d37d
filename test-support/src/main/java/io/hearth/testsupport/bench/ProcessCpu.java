package io.hearth.testsupport.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * CPU time of the local system's processes, read from /proc, to show where an operation's cost goes:
 * each process with a pid file in {@code $HEARTH_HOME/run} ({@code deploy/}'s services, Kafka, the
 * compute driver), every process named postgres (autovacuum included), and the benchmark itself.
 * Empty where /proc is missing.
 */
public final class ProcessCpu {

    private static final Path RUN = Path.of(System.getenv().getOrDefault("HEARTH_HOME", ".hearth"), "run");
    private static final long TICK_MS = 10;

    private ProcessCpu() {
    }

    /** Milliseconds of CPU used so far, by process name. */
    public static Map<String, Long> sample() throws IOException {
        Map<String, Long> ms = new TreeMap<>();
        if (Files.isDirectory(RUN)) {
            try (var files = Files.list(RUN)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
                    String name = file.getFileName().toString().replace(".pid", "");
                    ticks(Files.readString(file).trim()).ifPresent(t -> ms.put(name, t * TICK_MS));
                }
            }
        }
        try (var procs = Files.list(Path.of("/proc"))) {
            long postgres = 0;
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (Files.readString(proc.resolve("comm")).trim().equals("postgres")) {
                        postgres += ticks(proc.getFileName().toString()).orElse(0L);
                    }
                } catch (IOException gone) {
                    // the process ended meanwhile
                }
            }
            ms.put("postgres", postgres * TICK_MS);
        } catch (IOException noProc) {
            return Map.of();
        }
        ms.put("bench", ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(0L));
        return ms;
    }

    /** "name ms  name ms ..." per operation between two samples, for the processes that used any. */
    public static String perOperation(Map<String, Long> before, Map<String, Long> after, int count) {
        StringBuilder out = new StringBuilder();
        after.forEach((name, ms) -> {
            long used = ms - before.getOrDefault(name, ms);
            if (used > 0) {
                out.append(String.format("%s %.2f  ", name, (double) used / count));
            }
        });
        return out.toString().trim();
    }

    /** utime + stime of a process, in clock ticks. */
    private static Optional<Long> ticks(String pid) {
        try {
            String stat = Files.readString(Path.of("/proc", pid, "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Optional.of(Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
