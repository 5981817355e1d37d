package io.hearth.system;

import java.util.ArrayList;
import java.util.List;

/**
 * A JVM agent that {@link FatalErrorIT} loads into a running service through the attach API, to cause there
 * what no request should be able to: the service's own code stays free of test hooks. Only JDK classes: it
 * runs on the service's system class path.
 * <ul>
 * <li>{@code exhaust-heap}: a new thread allocates until the heap is exhausted (an {@link OutOfMemoryError}).</li>
 * <li>{@code suspend-kafka-polling}: suspends every SmallRye Kafka polling thread
 * ({@code smallrye-kafka-consumer-thread-N}): the consumers hang, the rest of the service runs on.</li>
 * </ul>
 */
public final class FaultAgent {

    /** The prefix of SmallRye Reactive Messaging's Kafka polling threads. */
    static final String POLLING_THREAD = "smallrye-kafka-consumer-thread-";

    private FaultAgent() {
    }

    /** Entry point of an agent loaded into a running JVM ({@code Agent-Class}). */
    public static void agentmain(String fault) {
        switch (fault) {
            case "exhaust-heap" -> {
                Thread hog = new Thread(FaultAgent::exhaustHeap, "fault-agent-exhaust-heap");
                hog.setDaemon(true);
                hog.start(); // agentmain returns at once, so that the attach call is answered
            }
            case "suspend-kafka-polling" -> suspendPolling();
            default -> throw new IllegalArgumentException("unknown fault " + fault);
        }
    }

    private static void exhaustHeap() {
        List<long[]> hog = new ArrayList<>();
        while (true) {
            hog.add(new long[1 << 20]);
        }
    }

    @SuppressWarnings("removal") // Thread.suspend: exactly the hung thread this test needs (Java 17)
    private static void suspendPolling() {
        int suspended = 0;
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(POLLING_THREAD)) {
                thread.suspend();
                suspended++;
            }
        }
        System.err.println("FaultAgent: suspended " + suspended + " Kafka polling thread(s)");
        if (suspended == 0) {
            throw new IllegalStateException("no thread named " + POLLING_THREAD + "* to suspend");
        }
    }
}
