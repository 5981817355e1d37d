package io.hearth.notifier.webhook;

import io.hearth.notifier.config.NotifierConfig;
import io.hearth.notifier.journal.JournalNotifications;
import io.hearth.platform.outbox.ContextLoop;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
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
 * sleeps until the next backoff or lease ends, at most {@code poll}.
 */
@ApplicationScoped
public class WebhookDispatcher {

    private static final Logger LOG = Logger.getLogger(WebhookDispatcher.class);

    /** The content type of a CloudEvent in structured mode (CloudEvents HTTP binding). */
    public static final String CONTENT_TYPE = "application/cloudevents+json; charset=utf-8";
    /** How much longer than a try's timeout its lease lasts. */
    static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    /** The most of an answer's body kept (the start of a refusal's error), in bytes; the rest is read and dropped. */
    static final int ERROR_BYTES = 500;
    /** Connections kept per receiver host and port (a subscription's own bound is {@code concurrency}). */
    static final int CONNECTIONS_PER_HOST = 256;

    private final DeliveryFanOut fanOut;
    private final DeliveryQueue queue;
    private final NotifierConfig.Webhooks config;
    private final Backoff backoff;
    private final Vertx vertx;
    private final ContextLoop<Duration> loop;
    private HttpClient client;

    public WebhookDispatcher(DeliveryFanOut fanOut, DeliveryQueue queue, JournalNotifications notifications,
            NotifierConfig config, Vertx vertx) {
        this.fanOut = fanOut;
        this.queue = queue;
        this.config = config.webhooks();
        this.backoff = new Backoff(this.config.backoffBase(), this.config.backoffCap());
        this.vertx = vertx;
        this.loop = new ContextLoop<>("webhook dispatcher", vertx, this::runOnce, delay -> delay, this.config.poll());
        notifications.onAppend(loop::wakeUp);
    }

    void onStart(@Observes StartupEvent event) {
        long timeout = config.timeout().toMillis();
        client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true).setMaxPoolSize(CONNECTIONS_PER_HOST)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeout)).setVerifyHost(true));
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
        if (client != null) {
            client.close();
        }
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
                    claims.forEach(this::send);
                    return more ? Uni.createFrom().item(Duration.ZERO)
                            : queue.nextDue(now).map(next -> ContextLoop.until(next, config.poll()));
                }));
    }

    private void send(Delivery delivery) {
        byte[] body = delivery.entry().framed().getBytes(StandardCharsets.UTF_8);
        long timeout = config.timeout().toMillis();
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(delivery.url())
                .setTimeout(timeout)
                .putHeader(HttpHeaders.CONTENT_TYPE, CONTENT_TYPE)
                .putHeader(HttpHeaders.USER_AGENT, "hearth-notifier")
                .putHeader(Signature.HEADER, Signature.header(Instant.now().getEpochSecond(), body,
                        delivery.secret(), delivery.previousSecret()))
                .putHeader("Hearth-Subscription", delivery.subscriptionId())
                .putHeader("Hearth-Delivery-Attempt", String.valueOf(delivery.attempt()));
        client.request(options).onFailure(error -> failed(delivery, null, describe(error)))
                .onSuccess(request -> {
                    long deadline = vertx.setTimer(timeout, id -> request.reset(0, new TimeoutException(
                            "no answer within " + config.timeout())));
                    request.send(Buffer.buffer(body))
                            .compose(response -> {
                                // Read to its end (the connection is reused), keeping only its start.
                                Buffer start = Buffer.buffer();
                                response.handler(chunk -> start.appendBuffer(chunk, 0,
                                        Math.min(chunk.length(), ERROR_BYTES - start.length())));
                                return response.end().map(v -> {
                                    int status = response.statusCode();
                                    return status / 100 == 2 ? null : new Refusal(status, "HTTP " + status + " "
                                            + response.statusMessage() + text(start));
                                });
                            })
                            .onComplete(result -> {
                                vertx.cancelTimer(deadline);
                                if (result.failed()) {
                                    failed(delivery, null, describe(result.cause()));
                                } else if (result.result() != null) {
                                    failed(delivery, result.result().status(), result.result().error());
                                } else {
                                    delivered(delivery);
                                }
                            });
                });
    }

    /** A receiver's answer that is not 2xx. */
    private record Refusal(int status, String error) {
    }

    private void failed(Delivery delivery, Integer status, String error) {
        Instant now = Instant.now();
        if (delivery.attempt() >= config.tries()) {
            LOG.warnf("webhook %s: event %d is a dead letter after %d tries (%s)", delivery.subscriptionId(),
                    delivery.entry().seq(), delivery.attempt(), error);
            record(delivery, queue.dead(delivery, status, error, now));
        } else {
            LOG.debugf("webhook %s: try %d of event %d failed (%s)", delivery.subscriptionId(), delivery.attempt(),
                    delivery.entry().seq(), error);
            record(delivery, queue.retry(delivery, now.plus(backoff.after(delivery.attempt(),
                    ThreadLocalRandom.current())), status, error));
        }
    }

    /** Records a delivery and sends its lane's next event at once when the queue leased it. */
    private void delivered(Delivery delivery) {
        Instant now = Instant.now();
        queue.delivered(delivery, now, leaseUntil(now)).subscribe().with(next -> {
            if (next.isPresent()) {
                send(next.get());
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

    private static String text(Buffer start) {
        String text = start.toString(StandardCharsets.UTF_8).replace('\u0000', ' ').strip();
        return text.isEmpty() ? "" : ": " + text;
    }

    private static String describe(Throwable error) {
        String message = error.getMessage();
        return message == null ? error.getClass().getSimpleName() : message;
    }
}
