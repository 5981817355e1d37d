package io.hearth.notifier.journal;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The journal's commit notifications on this replica: one connection that {@code LISTEN}s on the journal's channel
 * ({@link JournalReader#channel()}) and runs every registered wake-up when an appending transaction commits (the
 * stream tail's, the webhook dispatcher's). The readers poll as well, so a lost connection only delays them; it
 * reconnects every second.
 */
@ApplicationScoped
public class JournalNotifications {

    private static final Logger LOG = Logger.getLogger(JournalNotifications.class);

    private final JournalReader reader;
    private final Vertx vertx;
    private final PgConnectOptions options;
    private final List<Runnable> wakeUps = new CopyOnWriteArrayList<>();
    private PgSubscriber listener;

    public JournalNotifications(JournalReader reader, Vertx vertx,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        this.reader = reader;
        this.vertx = vertx;
        this.options = PgConnectOptions.fromUri(url).setUser(user);
        password.ifPresent(options::setPassword);
    }

    /** Runs {@code wakeUp} after every commit that appended to the journal (on a Vert.x thread; it must not block). */
    public void onAppend(Runnable wakeUp) {
        wakeUps.add(wakeUp);
    }

    synchronized void onStart(@Observes StartupEvent event) {
        listener = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> 1000L);
        listener.channel(reader.channel()).handler(payload -> wakeUps.forEach(Runnable::run));
        listener.connect().onFailure(error -> LOG.warnf("cannot listen on channel %s (%s): the journal's readers"
                + " poll until it can", reader.channel(), error.getMessage()));
    }

    synchronized void onStop(@Observes ShutdownEvent event) {
        if (listener != null) {
            listener.close();
        }
    }
}
