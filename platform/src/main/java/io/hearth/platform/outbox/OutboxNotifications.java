package io.hearth.platform.outbox;

import io.hearth.platform.config.EventingConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.pubsub.PgSubscriber;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The outbox's wake-up signal. {@link #channel()} is notified in every transaction that writes
 * outbox rows (by the statement that writes them, {@link OutboxWriter}); PostgreSQL delivers the
 * notification when that transaction commits, and the relay, listening on its own connection,
 * publishes at once instead of waiting for its next poll. Each (re)subscription of the listener wakes the relay too,
 * so rows whose notification was lost while the listener reconnected are published as soon as it listens again;
 * while it does not listen ({@link #listening()} false), the relay polls at its poll interval.
 */
@ApplicationScoped
public class OutboxNotifications {

    private static final Logger LOG = Logger.getLogger(OutboxNotifications.class);
    private static final Pattern CHANNEL = Pattern.compile("[a-z0-9_]{1,63}");

    private final String channel;
    private final String url;
    private final String user;
    private final Optional<String> password;
    private PgSubscriber subscriber;
    private volatile boolean subscribed;

    public OutboxNotifications(EventingConfig config,
            @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
            @ConfigProperty(name = "quarkus.datasource.username") String user,
            @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        this.channel = config.relay().notifyChannel().replace('-', '_').toLowerCase();
        if (!CHANNEL.matcher(channel).matches()) {
            throw new IllegalArgumentException("hearth.eventing.relay.notify-channel must be lower-case letters,"
                    + " digits and '_' (at most 63), got " + config.relay().notifyChannel());
        }
        this.url = url;
        this.user = user;
        this.password = password;
    }

    /** The channel that wakes the relay; validated (lower-case letters, digits, '_'), so safe to inline in SQL. */
    public String channel() {
        return channel;
    }

    /**
     * Listens for commits of outbox rows and calls {@code onNotification} for each, and once each time the listener
     * has (re)subscribed (a notification sent while it was not connected is lost).
     */
    synchronized void listen(Vertx vertx, Runnable onNotification) {
        PgConnectOptions options = PgConnectOptions.fromUri(url).setUser(user);
        password.ifPresent(options::setPassword);
        subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(retries -> 1000L);
        subscriber.channel(channel).handler(payload -> onNotification.run()).subscribeHandler(v -> {
            subscribed = true;
            onNotification.run();
        });
        subscriber.connect().onComplete(result -> {
            if (result.succeeded()) {
                LOG.debugf("outbox relay listens on channel %s", channel);
            } else {
                LOG.warnf("outbox relay cannot listen on channel %s (%s); it polls until it can",
                        channel, result.cause().getMessage());
            }
        });
    }

    /**
     * Whether the listener is subscribed on a live connection, so that every commit of outbox rows wakes the relay.
     * The subscriber reconnects by itself (after a second) and then subscribes again.
     */
    boolean listening() {
        PgSubscriber current;
        synchronized (this) {
            current = subscriber;
        }
        return subscribed && current != null && !current.closed() && current.actualConnection() != null;
    }

    void onStop(@Observes ShutdownEvent event) {
        synchronized (this) {
            if (subscriber != null) {
                subscriber.close();
            }
        }
    }
}
