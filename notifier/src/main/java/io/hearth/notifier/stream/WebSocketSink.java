package io.hearth.notifier.stream;

import io.hearth.notifier.journal.JournalEntry;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ServerWebSocket;

/**
 * A WebSocket: each event as one text frame holding the CloudEvent JSON (its {@code sequence} attribute resumes
 * the stream), heartbeats as pings, a close as close frame 1013 (try again later) with the reason.
 */
public final class WebSocketSink implements StreamSink {

    @Override
    public String kind() {
        return "websocket";
    }


    /** The close code of a stream the notifier ends: the client should connect again (RFC 6455 "Try Again Later"). */
    static final short TRY_AGAIN_LATER = 1013;

    private final ServerWebSocket socket;

    public WebSocketSink(ServerWebSocket socket) {
        this.socket = socket;
    }

    @Override
    public void send(JournalEntry entry) {
        socket.writeTextMessage(entry.framed());
    }

    @Override
    public void heartbeat() {
        socket.writePing(Buffer.buffer("heartbeat"));
    }

    @Override
    public boolean writeQueueFull() {
        return socket.writeQueueFull();
    }

    @Override
    public void drainHandler(Runnable then) {
        socket.drainHandler(v -> then.run());
    }

    @Override
    public void closedHandler(Runnable then) {
        socket.closeHandler(v -> then.run());
    }

    @Override
    public void close(String reason) {
        if (!socket.isClosed()) {
            socket.close(TRY_AGAIN_LATER, reason);
        }
    }
}
