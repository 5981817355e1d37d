package io.hearth.notifier.journal;

import io.hearth.notifier.config.NotifierConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The journal's commit notifications on this replica: one connection that {@code LISTEN}s on the journal's channel
 * ({@link JournalReader#channel()}) and runs every registered wake-up when an appending transaction commits (the
 * stream tail's, the webhook dispatcher's), and once each time it has (re)subscribed, since a notification sent
 * while it was not connected is lost. While it listens the readers look for rows only every
 * {@code hearth.notifier.idle-poll} ({@link #idleWait}); while it does not, at their own poll interval. A lost
 * connection is reconnected every second.
 */
@ApplicationScoped
public class JournalNotifications {

    private static final Logger LOG = Logger.getLogger(JournalNotifications.class);

    private final JournalReader reader;
    private final Vertx vertx;
    private final PgConnectOptions options;
    private final Duration idlePoll;
    private final List<Runnable> wakeUps = new CopyOnWriteArrayList<>();
    private PgSubscriber listener;
    private volatile boolean subscribed;

    public JournalNotifications(JournalReader reader, Vertx vertx, NotifierConfig config,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        this.reader = reader;
        this.vertx = vertx;
        this.idlePoll = config.idlePoll();
        this.options = PgConnectOptions.fromUri(url).setUser(user);
        password.ifPresent(options::setPassword);
    }

    /**
     * Runs {@code wakeUp} after every commit that appended to the journal, and after each (re)subscription (on a
     * Vert.x thread; it must not block).
     */
    public void onAppend(Runnable wakeUp) {
        wakeUps.add(wakeUp);
    }

    /**
     * How long a reader of the journal may sleep with nothing to read: {@code hearth.notifier.idle-poll} while every
     * append wakes it, {@code unheard} (its poll interval) while the listener is not subscribed on a live connection.
     */
    public Duration idleWait(Duration unheard) {
        return listening() ? idlePoll : unheard;
    }

    /** Whether the listener is subscribed on a live connection, so that every append wakes the readers. */
    boolean listening() {
        PgSubscriber current;
        synchronized (this) {
            current = listener;
        }
        return subscribed && current != null && !current.closed() && current.actualConnection() != null;
    }

    synchronized void onStart(@Observes StartupEvent event) {
        listener = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> 1000L);
        listener.channel(reader.channel()).handler(payload -> wakeAll()).subscribeHandler(v -> {
            subscribed = true;
            wakeAll();
        });
        listener.connect().onFailure(error -> LOG.warnf("cannot listen on channel %s (%s): the journal's readers"
                + " poll until it can", reader.channel(), error.getMessage()));
    }

    private void wakeAll() {
        wakeUps.forEach(Runnable::run);
    }

    synchronized void onStop(@Observes ShutdownEvent event) {
        if (listener != null) {
            listener.close();
        }
    }
}
