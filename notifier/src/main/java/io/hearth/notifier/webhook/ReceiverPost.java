package io.hearth.notifier.webhook;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * POSTs to a receiver that {@link WebhookTargets} checked, for webhooks and alarm actions alike: it resolves and
 * checks the URL's host before each try and connects to that very address (no second lookup), follows no redirect
 * (a 3xx is a refusal), and bounds the whole try (connecting, sending, the answer's head and at most
 * {@value #ANSWER_BYTES} bytes of its body, then the connection is dropped) by one timeout. It never fails: the
 * result says whether the receiver took it (2xx) and otherwise a short reason that keeps nothing of the receiver's
 * answer but its status, and none of the network's error text.
 */
@ApplicationScoped
public class ReceiverPost {

    /** Connections kept per receiver host and port. */
    static final int CONNECTIONS_PER_HOST = 256;
    /** The most of an answer's body read before the connection is dropped, in bytes. */
    static final int ANSWER_BYTES = 64 * 1024;

    /** The result of a try: {@code status} null when no answer came. */
    public record Result(boolean delivered, Integer status, String reason) {
    }

    private final WebhookTargets targets;
    private final Vertx vertx;
    private final HttpClient client;

    public ReceiverPost(WebhookTargets targets, Vertx vertx) {
        this.targets = targets;
        this.vertx = vertx;
        this.client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
                .setMaxPoolSize(CONNECTIONS_PER_HOST).setVerifyHost(true));
    }

    void onStop(@Observes ShutdownEvent event) {
        client.close();
    }

    /**
     * POSTs {@code body} to {@code url} with {@code headers}, all of it within {@code timeout}; {@code ownSignals}:
     * the system's own signal-gateway may be the receiver ({@link WebhookTargets#resolve(String, boolean)}).
     */
    public Uni<Result> post(String url, boolean ownSignals, Map<String, String> headers, byte[] body,
            Duration timeout) {
        return targets.resolve(url, ownSignals)
                .chain(address -> Uni.createFrom().<Result>emitter(emitter -> send(url, address, headers, body,
                        timeout.toMillis(), emitter::complete)))
                .ifNoItem().after(timeout.plusSeconds(1)).recoverWithItem(new Result(false, null, "no answer within "
                        + timeout))
                .onFailure().recoverWithItem(error -> new Result(false, null, reason(error)));
    }

    private void send(String url, InetSocketAddress address, Map<String, String> headers, byte[] body, long timeout,
            java.util.function.Consumer<Result> done) {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(url)
                .setServer(SocketAddress.inetSocketAddress(address)).setFollowRedirects(false)
                .setConnectTimeout(timeout).setIdleTimeout(timeout);
        headers.forEach(options::putHeader);
        client.request(options).onFailure(error -> done.accept(new Result(false, null, reason(error))))
                .onSuccess(request -> {
                    long deadline = vertx.setTimer(timeout, id -> request.reset(0, new TimeoutException(
                            "no answer within " + Duration.ofMillis(timeout))));
                    int[] status = {0};
                    request.send(Buffer.buffer(body)).compose(response -> {
                        status[0] = response.statusCode();
                        long[] read = {0};
                        response.handler(chunk -> {
                            read[0] += chunk.length();
                            if (read[0] > ANSWER_BYTES) {
                                // Enough: the status decides; the rest of the answer is not read.
                                request.reset();
                            }
                        });
                        return response.end();
                    }).onComplete(result -> {
                        vertx.cancelTimer(deadline);
                        if (result.failed() && status[0] == 0) {
                            done.accept(new Result(false, null, reason(result.cause())));
                        } else {
                            boolean taken = status[0] / 100 == 2;
                            done.accept(new Result(taken, status[0], taken ? null
                                    : "the receiver answered HTTP " + status[0]));
                        }
                    });
                });
    }

    /** A short reason that tells the tenant what went wrong and nothing of the internal network. */
    static String reason(Throwable error) {
        if (error instanceof ReceiverRefused) {
            return error.getMessage();
        }
        if (error instanceof TimeoutException || error instanceof io.netty.channel.ConnectTimeoutException
                || error instanceof io.vertx.core.http.HttpClosedException && error.getMessage() != null
                        && error.getMessage().contains("timeout")) {
            return "no answer in time";
        }
        return "the receiver could not be reached or closed the connection";
    }
}
