package io.hearth.notifier.stream;

import io.hearth.notifier.config.NotifierConfig;
import io.hearth.notifier.journal.JournalEntry;
import io.hearth.notifier.journal.JournalNotifications;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.notifier.journal.StreamScope;
import io.hearth.platform.outbox.ContextLoop;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared tail of one notifier replica: it reads each new journal event once (woken by the appending
 * transaction's {@code NOTIFY} through {@link JournalNotifications}; it looks by itself only every
 * {@code hearth.notifier.idle-poll}, or every {@code hearth.notifier.streams.poll} while it cannot listen)
 * and offers it, in memory, to every connected client whose stream carries it: the subscribers of its stack, of its
 * root stack and of its tenant, found by key, so a thousand clients cost one query per batch of events, not a
 * thousand. Each client is offered its share of a page at once (one task on its connection's loop, one write).
 * Offering never waits on a client ({@link Subscriber}'s queue is bounded). Every replica runs its own
 * tail over the shared journal, so any replica serves any stream.
 *
 * <p>While no client is connected to this replica the tail reads nothing (an append costs it no query) and forgets
 * its position. Each client is registered with its floor: the tail's position when it connected, or the journal's
 * head read then when the tail had none. A tail without a position starts after the smallest floor of its clients,
 * which no client's first replay read can precede: every event committed after that read reaches the tail.
 */
@ApplicationScoped
public class StreamHub {

    /** Events the tail reads per query; a full batch is followed by the next at once. */
    static final int BATCH = 1000;

    private final JournalReader reader;
    private final JournalNotifications notifications;
    private final NotifierConfig.Streams config;
    private final Map<String, Set<Subscriber>> subscribers = new ConcurrentHashMap<>();
    private final ContextLoop<Duration> loop;
    /** The last event offered; -1 while the tail does not read (no client was connected at its last step). */
    private volatile long position = -1;
    /** How many journal pages the tail read (tests see that it reads none while no client is connected). */
    private final AtomicLong pages = new AtomicLong();

    public StreamHub(JournalReader reader, JournalNotifications notifications, NotifierConfig config, Vertx vertx,
            MeterRegistry registry) {
        this.reader = reader;
        this.notifications = notifications;
        for (String kind : new String[] {"sse", "websocket"}) {
            Gauge.builder("hearth.streams.clients", () -> connected(kind)).tag("kind", kind)
                    .description("Stream clients connected to this replica, by transport").register(registry);
        }
        this.config = config.streams();
        this.loop = new ContextLoop<>("stream tail", vertx, this::runOnce, delay -> delay, this.config.poll());
        notifications.onAppend(loop::wakeUp);
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
        subscribers.values().forEach(set -> set.forEach(s -> s.closeLater("the notifier is stopping: resume with"
                + " Last-Event-ID")));
    }

    /**
     * Connects a client: reads its floor (the tail's position, else the journal's head), then registers it and
     * starts its stream after {@code lastEventId}, or after its floor when it gave none. Call on the connection's
     * Vert.x context.
     */
    public void connect(Context context, StreamSink sink, StreamScope scope, Long lastEventId) {
        long known = position;
        Uni<Long> floor = known >= 0 ? Uni.createFrom().item(known) : reader.head();
        floor.subscribe().with(head -> context.runOnContext(v -> {
            Subscriber subscriber = new Subscriber(context, sink, scope, reader, config.buffer(), head);
            String key = key(scope);
            subscribers.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
            subscriber.start(lastEventId != null ? lastEventId : head, config.heartbeat(),
                    closed -> subscribers.computeIfPresent(key, (k, set) -> set.remove(closed) && set.isEmpty()
                            ? null : set));
        }), failure -> context.runOnContext(v -> sink.close("the journal could not be read")));
    }

    /** How many clients are connected to this replica. */
    public int connected() {
        return subscribers.values().stream().mapToInt(Set::size).sum();
    }

    /** How many clients of one transport ({@link StreamSink#kind()}) are connected to this replica. */
    int connected(String kind) {
        return (int) subscribers.values().stream().flatMap(Set::stream).filter(s -> kind.equals(s.kind())).count();
    }

    /** Reads and offers the events after the tail's position; how long to wait for the next step. */
    Uni<Duration> runOnce() {
        if (subscribers.isEmpty()) {
            position = -1;
            return Uni.createFrom().item(notifications.idleWait(config.poll()));
        }
        if (position < 0) {
            position = subscribers.values().stream().flatMap(Set::stream).mapToLong(Subscriber::floor).min()
                    .orElse(-1);
        }
        pages.incrementAndGet();
        return reader.page(position, BATCH).map(entries -> {
            Map<Subscriber, List<JournalEntry>> batches = new IdentityHashMap<>();
            entries.forEach(entry -> {
                collect(batches, entry, key(new StreamScope(entry.tenant(), entry.rootStackId())));
                if (!entry.stackId().equals(entry.rootStackId())) {
                    collect(batches, entry, key(new StreamScope(entry.tenant(), entry.stackId())));
                }
                collect(batches, entry, key(StreamScope.tenant(entry.tenant())));
                position = entry.seq();
            });
            batches.forEach(Subscriber::offer);
            return entries.size() == BATCH ? Duration.ZERO : notifications.idleWait(config.poll());
        });
    }

    /** How many journal pages the tail has read. */
    long pagesRead() {
        return pages.get();
    }

    /**
     * Adds the entry to the share of the page of each subscriber registered under {@code key}: a subscriber is then
     * offered its whole share at once, so its connection's loop, which may already run while the tail is still
     * offering, writes the page's events to it in one write, not one for the events offered so far and more after.
     */
    private void collect(Map<Subscriber, List<JournalEntry>> batches, JournalEntry entry, String key) {
        Set<Subscriber> set = subscribers.get(key);
        if (set != null) {
            set.forEach(subscriber -> batches.computeIfAbsent(subscriber, s -> new ArrayList<>()).add(entry));
        }
    }

    /** Streams of a tenant and of a stack are found by tenant and stack (a stack id of another tenant finds none). */
    private static String key(StreamScope scope) {
        return scope.stackId() == null ? "tenant " + scope.tenant() : "stack " + scope.tenant() + " " + scope.stackId();
    }
}
