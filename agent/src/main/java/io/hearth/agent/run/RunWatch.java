package io.hearth.agent.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.agent.hook.Item;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the agent keeps an eye on while a run's hook goes: the hook's progress lines ({@link ProgressReporter}, sent
 * from the waiting thread at each {@link #tick}) and, on a thread of its own, the server's metadata, long-polled as
 * the agent's main loop does, so that a run cancelled through the API ({@code "cancelled": true} on its item) is
 * seen within a poll; the main loop is blocked while the hook runs. Closing it stops that thread.
 */
final class RunWatch implements AutoCloseable {

    private final ProgressReporter progress;
    private final Thread poller;
    private volatile boolean cancelled;

    /**
     * Starts watching the run of {@code item}.
     *
     * @param metadata the server's metadata client, null for no cancel watch (tests of the runner alone)
     */
    RunWatch(Item item, ProgressReporter progress, MetadataClient metadata) {
        this.progress = progress;
        this.cancelled = item.cancelled();
        if (metadata == null || cancelled) {
            this.poller = null;
            return;
        }
        this.poller = new Thread(() -> watch(metadata, item), "hearth-cancel-watch-" + item.id());
        poller.setDaemon(true);
        poller.start();
    }

    /** Sends the progress lines the hook wrote since the last tick. */
    void tick() throws InterruptedException {
        progress.sendNew();
    }

    /** Whether the run was cancelled through the API. */
    boolean cancelled() {
        return cancelled;
    }

    @Override
    public void close() {
        if (poller != null) {
            poller.interrupt();
        }
    }

    private void watch(MetadataClient metadata, Item item) {
        Long generation = null;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                long started = System.nanoTime();
                Optional<JsonNode> document = metadata.poll(generation);
                if (document.isPresent()) {
                    Long seen = document.get().path("generation").asLong(0);
                    if (lists(document.get(), item)) {
                        cancelled = true;
                        return;
                    }
                    boolean unchanged = seen.equals(generation);
                    generation = seen;
                    if (!unchanged) {
                        continue;
                    }
                }
                if (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1)) {
                    Thread.sleep(1000); // a gateway that does not hold the poll must not make us spin
                }
            }
        } catch (InterruptedException | MetadataClient.ServerGone e) {
            // the hook ended (close), or the server is gone: the main loop sees that itself
        }
    }

    /** Whether the document lists the item's run (same deployment and generation) as cancelled. */
    static boolean lists(JsonNode document, Item item) {
        for (JsonNode listed : document.path("deployments")) {
            Item other = new Item(listed);
            if (other.id().equals(item.id()) && other.generation() == item.generation() && other.cancelled()) {
                return true;
            }
        }
        return false;
    }
}
