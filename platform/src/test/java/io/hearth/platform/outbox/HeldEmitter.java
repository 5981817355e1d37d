package io.hearth.platform.outbox;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * A relay's emitter that holds what the relay sends until {@link #release()}, then passes it on to the real
 * producer in the order it was sent: a slow network between one relay and the broker, so that a test can
 * keep a relay's batch in flight while another relay runs, and then let it through or fail it.
 */
final class HeldEmitter implements Emitter<String> {

    private final Emitter<String> broker;
    private final List<Message<? extends String>> held = new ArrayList<>();
    private boolean holding = true;

    HeldEmitter(Emitter<String> broker) {
        this.broker = broker;
    }

    @Override
    public synchronized <M extends Message<? extends String>> void send(M message) {
        if (holding) {
            held.add(message);
        } else {
            broker.send(message);
        }
    }

    /** How many records are held. */
    synchronized int held() {
        return held.size();
    }

    /** Holds from now on. */
    synchronized void hold() {
        holding = true;
    }

    /** Sends what was held, in order, and from now on everything at once. */
    synchronized void release() {
        holding = false;
        held.forEach(broker::send);
        held.clear();
    }

    /**
     * Fails what was held, in order, as a producer that could not reach the broker does (the relay holds those
     * rows back for another attempt), and from now on sends everything at once.
     */
    synchronized void fail(Throwable failure) {
        holding = false;
        held.forEach(message -> message.nack(failure));
        held.clear();
    }

    @Override
    public CompletionStage<Void> send(String payload) {
        throw new UnsupportedOperationException("the relay sends messages with metadata");
    }

    @Override
    public void complete() {
        broker.complete();
    }

    @Override
    public void error(Exception e) {
        broker.error(e);
    }

    @Override
    public boolean isCancelled() {
        return broker.isCancelled();
    }

    @Override
    public boolean hasRequests() {
        return broker.hasRequests();
    }
}
