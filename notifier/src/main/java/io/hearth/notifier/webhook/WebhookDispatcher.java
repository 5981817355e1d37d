package io.hearth.notifier.webhook;

import io.hearth.notifier.config.NotifierConfig;
import io.hearth.notifier.journal.JournalNotifications;
import io.hearth.platform.outbox.ContextLoop;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * The durable timer that delivers webhooks: each step fans new journal events out into the subscriptions' queues
 * ({@link DeliveryFanOut}), claims the lane heads that are due ({@link DeliveryQueue}) and sends each on its own,
 * without waiting: a try's result (delivered, tried again after a {@link Backoff}, or a dead letter after the last
 * try) is written when the receiver answered or the timeout passed, and wakes the loop, so a slow receiver holds
 * only its own lanes and at most {@code concurrency} tries of its subscription; a delivered event's lane goes on at
 * once with its next event. The state is in the database and a try is leased, not held in a transaction: replicas
 * share the subscriptions, and a try whose notifier died is taken again once its lease ends (at-least-once; the
 * CloudEvent {@code id} lets receivers deduplicate). Woken by the journal's commits and by results; otherwise it
 * sleeps until the next backoff or lease ends, at most {@code hearth.notifier.idle-poll} (at most {@code poll} while
 * it cannot listen for the journal's commits).
 */
@ApplicationScoped
public class WebhookDispatcher {

    private static final Logger LOG = Logger.getLogger(WebhookDispatcher.class);

    /** The content type of a CloudEvent in structured mode (CloudEvents HTTP binding). */
    public static final String CONTENT_TYPE = "application/cloudevents+json; charset=utf-8";
    /** How much longer than a try's timeout its lease lasts. */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(30);

    private final DeliveryFanOut fanOut;
    private final DeliveryQueue queue;
    private final NotifierConfig.Webhooks config;
    private final Backoff backoff;
    private final ReceiverPost post;
    private final JournalNotifications notifications;
    private final ContextLoop<Duration> loop;
    private final Counter deliveredTries;
    private final Counter retriedTries;
    private final Counter deadLettered;

    public WebhookDispatcher(DeliveryFanOut fanOut, DeliveryQueue queue, JournalNotifications notifications,
            NotifierConfig config, ReceiverPost post, Vertx vertx, MeterRegistry registry) {
        this.fanOut = fanOut;
        this.notifications = notifications;
        this.deliveredTries = tries(registry, "delivered");
        this.retriedTries = tries(registry, "retried");
        this.deadLettered = tries(registry, "dead_lettered");
        this.queue = queue;
        this.config = config.webhooks();
        this.backoff = new Backoff(this.config.backoffBase(), this.config.backoffCap());
        this.post = post;
        this.loop = new ContextLoop<>("webhook dispatcher", vertx, this::runOnce, delay -> delay, this.config.poll());
        notifications.onAppend(loop::wakeUp);
    }

    /** {@code hearth.webhooks.deliveries}: webhook tries by outcome (delivered, retried, dead_lettered). */
    private static Counter tries(MeterRegistry registry, String outcome) {
        return Counter.builder("hearth.webhooks.deliveries").tag("outcome", outcome)
                .description("Webhook delivery tries by outcome").register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Asks for a step now (events to replay). Safe from any thread. */
    public void wakeUp() {
        loop.wakeUp();
    }

    /** Fans out, claims and starts the due tries; how long to sleep before the next step. */
    Uni<Duration> runOnce() {
        Instant now = Instant.now();
        return fanOut.fill(now).chain(more -> queue.claim(now, config.concurrency(), leaseUntil(now))
                .chain(claims -> {
                    claims.forEach(this::sendSafely);
                    return more ? Uni.createFrom().item(Duration.ZERO)
                            : queue.nextDue(now)
                            .map(next -> ContextLoop.until(next, notifications.idleWait(config.poll())));
                }));
    }

    /** Sends one claimed try; whatever goes wrong with it is that try's failure, never the rest of the batch's. */
    private void sendSafely(Delivery delivery) {
        try {
            send(delivery);
        } catch (RuntimeException e) {
            LOG.warnf(e, "webhook %s: event %d could not be sent", delivery.subscriptionId(), delivery.entry().seq());
            failed(delivery, null, ReceiverPost.reason(e));
        }
    }

    private void send(Delivery delivery) {
        if (delivery.attempt() > config.tries()) {
            // A try past the last whose result was never written (its notifier died): a dead letter, not a lease
            // renewed for ever.
            failed(delivery, null, "no result was recorded for the last try");
            return;
        }
        byte[] body = delivery.entry().framed().getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = Map.of(HttpHeaders.CONTENT_TYPE.toString(), CONTENT_TYPE,
                HttpHeaders.USER_AGENT.toString(), "hearth-notifier",
                Signature.HEADER, Signature.header(Instant.now().getEpochSecond(), body, delivery.secret(),
                        delivery.previousSecret()),
                "Hearth-Subscription", delivery.subscriptionId(),
                "Hearth-Delivery-Attempt", String.valueOf(delivery.attempt()));
        Uni<ReceiverPost.Result> tried;
        try {
            tried = post.post(delivery.url(), false, headers, body, config.timeout());
        } catch (RuntimeException e) {
            tried = Uni.createFrom().item(new ReceiverPost.Result(false, null, ReceiverPost.reason(e)));
        }
        tried.subscribe().with(result -> {
            if (result.delivered()) {
                delivered(delivery);
            } else {
                failed(delivery, result.status(), result.reason());
            }
        }, error -> failed(delivery, null, ReceiverPost.reason(error)));
    }

    private void failed(Delivery delivery, Integer status, String error) {
        Instant now = Instant.now();
        if (delivery.attempt() >= config.tries()) {
            LOG.warnf("webhook %s: event %d is a dead letter after %d tries (%s)", delivery.subscriptionId(),
                    delivery.entry().seq(), delivery.attempt(), error);
            deadLettered.increment();
            record(delivery, queue.dead(delivery, status, error, now));
        } else {
            LOG.debugf("webhook %s: try %d of event %d failed (%s)", delivery.subscriptionId(), delivery.attempt(),
                    delivery.entry().seq(), error);
            retriedTries.increment();
            record(delivery, queue.retry(delivery, now.plus(backoff.after(delivery.attempt(),
                    ThreadLocalRandom.current())), status, error));
        }
    }

    /** Records a delivery and sends its lane's next event at once when the queue leased it. */
    private void delivered(Delivery delivery) {
        deliveredTries.increment();
        Instant now = Instant.now();
        queue.delivered(delivery, now, leaseUntil(now)).subscribe().with(next -> {
            if (next.isPresent()) {
                sendSafely(next.get());
            } else {
                loop.wakeUp();
            }
        }, error -> {
            LOG.warnf(error, "webhook %s: the delivery of event %d could not be written", delivery.subscriptionId(),
                    delivery.entry().seq());
            loop.wakeUp();
        });
    }

    private Instant leaseUntil(Instant now) {
        return now.plus(config.timeout()).plus(LEASE_MARGIN);
    }

    private void record(Delivery delivery, Uni<Void> result) {
        result.subscribe().with(done -> loop.wakeUp(), error -> {
            // The lease ends and the event is tried again.
            LOG.warnf(error, "webhook %s: the result of event %d could not be written", delivery.subscriptionId(),
                    delivery.entry().seq());
            loop.wakeUp();
        });
    }
}
