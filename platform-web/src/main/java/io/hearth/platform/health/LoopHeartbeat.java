package io.hearth.platform.health;

import java.time.Duration;
import java.util.Optional;

/**
 * When a loop on a thread of its own last came round, and on which thread, so that a health check
 * can tell a loop that runs from one whose thread died or hangs. The loop calls {@link #beat()} each
 * time round; the silence counts from the heartbeat's creation until the first beat.
 */
public final class LoopHeartbeat {

    private volatile long lastNanos = System.nanoTime();
    private volatile Thread thread;

    /** Records that the loop came round, on the calling thread. */
    public void beat() {
        thread = Thread.currentThread();
        lastNanos = System.nanoTime();
    }

    /** How long ago the loop last came round. */
    public Duration silentFor() {
        return Duration.ofNanos(System.nanoTime() - lastNanos);
    }

    /**
     * What is wrong, if anything: the loop's thread died, or it has not come round for longer than
     * the threshold (blocked, starved, or its work never handed back).
     */
    public Optional<String> problem(Duration threshold) {
        Thread t = thread;
        if (t != null && !t.isAlive()) {
            return Optional.of("its thread " + t.getName() + " died");
        }
        Duration silent = silentFor();
        if (silent.compareTo(threshold) > 0) {
            return Optional.of("its thread" + (t == null ? "" : " " + t.getName()) + " has not come round for "
                    + silent.toSeconds() + " s (threshold " + threshold.toSeconds() + " s): blocked or starved");
        }
        return Optional.empty();
    }
}
