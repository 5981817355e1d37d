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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared tail of one notifier replica: it reads each new journal event once (woken by the appending
 * transaction's {@code NOTIFY} through {@link JournalNotifications}; it looks by itself only every
 * {@code hearth.notifier.idle-poll}, or every {@code hearth.notifier.streams.poll} while it cannot listen)
 * and offers it, in memory, to every connected client whose stream carries it: the subscribers of its stack, of its
 * root stack and of its tenant, found by key, so a thousand clients cost one query per batch of events, not a
 * thousand. Offering never waits on a client ({@link Subscriber}'s queue is bounded). Every replica runs its own
 * tail over the shared journal, so any replica serves any stream.
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
    private volatile long position = -1;

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
     * Connects a client: registers it, then starts its stream after {@code lastEventId}, or after the newest event
     * when it gave none. Call on the connection's Vert.x context.
     */
    public void connect(Context context, StreamSink sink, StreamScope scope, Long lastEventId) {
        Subscriber subscriber = new Subscriber(context, sink, scope, reader, config.buffer());
        String key = key(scope);
        subscribers.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(subscriber);
        long known = position;
        Uni<Long> start = lastEventId != null ? Uni.createFrom().item(lastEventId)
                : known >= 0 ? Uni.createFrom().item(known) : reader.head();
        start.subscribe().with(after -> context.runOnContext(v -> subscriber.start(after, config.heartbeat(),
                        closed -> subscribers.computeIfPresent(key, (k, set) -> set.remove(closed) && set.isEmpty()
                                ? null : set))),
                failure -> subscriber.closeLater("the journal could not be read"));
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
        if (position < 0) {
            return reader.head().map(head -> {
                position = head;
                return Duration.ZERO;
            });
        }
        return reader.page(position, BATCH).map(entries -> {
            entries.forEach(entry -> {
                offer(entry, key(new StreamScope(entry.tenant(), entry.rootStackId())));
                if (!entry.stackId().equals(entry.rootStackId())) {
                    offer(entry, key(new StreamScope(entry.tenant(), entry.stackId())));
                }
                offer(entry, key(StreamScope.tenant(entry.tenant())));
                position = entry.seq();
            });
            return entries.size() == BATCH ? Duration.ZERO : notifications.idleWait(config.poll());
        });
    }

    private void offer(JournalEntry entry, String key) {
        Set<Subscriber> set = subscribers.get(key);
        if (set != null) {
            set.forEach(subscriber -> subscriber.offer(entry));
        }
    }

    /** Streams of a tenant and of a stack are found by tenant and stack (a stack id of another tenant finds none). */
    private static String key(StreamScope scope) {
        return scope.stackId() == null ? "tenant " + scope.tenant() : "stack " + scope.tenant() + " " + scope.stackId();
    }
}
