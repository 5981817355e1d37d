package io.hearth.notifier.stream;

import io.hearth.notifier.journal.JournalEntry;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.notifier.journal.StreamScope;
import io.vertx.core.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One connected client. It starts by replaying the journal after its start position, a page at a time, as fast as
 * its connection takes them; the shared tail ({@link StreamHub}) meanwhile {@link #offer offers} it new events,
 * which wait in a bounded queue. Once a page comes back short it is live: it writes the queued events it has not
 * written yet (a sequence at most the last one written was in the replay), then each as it comes. Registered with
 * the hub before the first page is read, it misses nothing: an event committed after that read reaches the tail
 * after the registration. A client more than {@code buffer} events behind (its connection does not take them) is
 * closed, so it never holds the others or the memory up; it resumes with {@code Last-Event-ID}. Everything but
 * {@link #offer} runs on the connection's Vert.x context.
 */
final class Subscriber {

    /** Events read from the journal per replay query. */
    static final int PAGE = 500;

    /** Most live events written as one chunk. */
    static final int BURST = 100;

    private final Context context;
    private final StreamSink sink;
    private final StreamScope scope;
    private final JournalReader reader;
    private final int buffer;
    private final long floor;
    private final Queue<JournalEntry> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private volatile boolean closed;
    private long lastSent;
    private boolean live;
    private long heartbeatTimer = -1;
    private Consumer<Subscriber> onClose = subscriber -> {
    };

    /** The client's transport ({@link StreamSink#kind()}). */
    String kind() {
        return sink.kind();
    }

    /**
     * @param floor a journal position its first replay read cannot precede (the tail's position, or the journal's
     *              head, read before it was registered): the tail, starting after it, offers every later event
     */
    Subscriber(Context context, StreamSink sink, StreamScope scope, JournalReader reader, int buffer, long floor) {
        this.floor = floor;
        this.context = context;
        this.sink = sink;
        this.scope = scope;
        this.reader = reader;
        this.buffer = buffer;
    }

    long floor() {
        return floor;
    }

    StreamScope scope() {
        return scope;
    }

    /** Starts the stream after {@code after}, with a heartbeat every {@code heartbeat}; on the context. */
    void start(long after, Duration heartbeat, Consumer<Subscriber> closed) {
        this.onClose = closed;
        this.lastSent = after;
        sink.closedHandler(() -> close(null));
        heartbeatTimer = context.owner().setPeriodic(heartbeat.toMillis(), id -> {
            if (!sink.writeQueueFull()) {
                sink.heartbeat();
            }
        });
        replay();
    }

    /**
     * New events this stream carries, in their order, from the shared tail: its share of a page, queued together so
     * that one drain writes them in one chunk. Safe from any thread, never blocks.
     */
    void offer(List<JournalEntry> entries) {
        if (closed) {
            return;
        }
        if (queued.addAndGet(entries.size()) > buffer) {
            context.runOnContext(v -> close("more than " + buffer + " events behind: resume with Last-Event-ID "
                    + lastSent));
            return;
        }
        queue.addAll(entries);
        if (drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> drain());
        }
    }

    /** Ends the stream (a null reason: the client went away); on the context. */
    void close(String reason) {
        if (closed) {
            return;
        }
        closed = true;
        context.owner().cancelTimer(heartbeatTimer);
        queue.clear();
        onClose.accept(this);
        if (reason != null) {
            sink.close(reason);
        }
    }

    /** Ends the stream from any thread. */
    void closeLater(String reason) {
        context.runOnContext(v -> close(reason));
    }

    private void replay() {
        reader.page(scope, lastSent, PAGE).subscribe().with(
                page -> context.runOnContext(v -> replayed(page)),
                failure -> context.runOnContext(v -> close("the journal could not be read: resume with"
                        + " Last-Event-ID " + lastSent)));
    }

    private void replayed(List<JournalEntry> page) {
        if (closed) {
            return;
        }
        send(page);
        if (page.size() < PAGE) {
            live = true;
            drain();
        } else if (sink.writeQueueFull()) {
            sink.drainHandler(this::replay);
        } else {
            replay();
        }
    }

    /**
     * Writes what the tail offered, a burst at a time as one write (the tail offers a whole batch of journal
     * events before this runs), until the queue is empty or the connection's write queue is full.
     */
    private void drain() {
        drainScheduled.set(false);
        if (!live || closed) {
            return;
        }
        while (!sink.writeQueueFull()) {
            List<JournalEntry> burst = new ArrayList<>();
            long last = lastSent;
            JournalEntry entry;
            while (burst.size() < BURST && (entry = queue.poll()) != null) {
                queued.decrementAndGet();
                if (entry.seq() > last) {
                    burst.add(entry);
                    last = entry.seq();
                }
            }
            if (burst.isEmpty()) {
                return;
            }
            send(burst);
        }
        sink.drainHandler(this::drain);
    }

    private void send(List<JournalEntry> entries) {
        if (!entries.isEmpty()) {
            sink.send(entries);
            lastSent = entries.get(entries.size() - 1).seq();
        }
    }
}
