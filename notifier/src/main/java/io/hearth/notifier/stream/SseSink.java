package io.hearth.notifier.stream;

import io.hearth.notifier.journal.JournalEntry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.util.List;

/**
 * A Server-Sent Events response: each event as {@code id: <seq>} and one {@code data:} line holding the CloudEvent
 * JSON, heartbeats and the reason of a close as comment lines, which {@code EventSource} ignores.
 */
public final class SseSink implements StreamSink {

    @Override
    public String kind() {
        return "sse";
    }


    /** What {@code EventSource} waits before it reconnects after the stream ends (its {@code retry:}), in ms. */
    static final int RETRY_MILLIS = 1000;

    private final HttpServerResponse response;

    public SseSink(HttpServerResponse response) {
        this.response = response;
        response.setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                // nginx (and Ingress controllers built on it) would otherwise buffer the stream
                .putHeader("X-Accel-Buffering", "no")
                .write("retry: " + RETRY_MILLIS + "\n\n");
    }

    @Override
    public void send(JournalEntry entry) {
        response.write(entry.sse());
    }

    /**
     * The events' frames as one chunk: one write, hence one flush and one system call, for a burst of events. The
     * chunk is a view over the shared frames ({@link JournalEntry#sse}), not a copy of them: the socket gathers them
     * from where they are.
     */
    @Override
    public void send(List<JournalEntry> entries) {
        response.write(chunk(entries));
    }

    /** The events' frames, in their order, as one buffer that refers to each entry's frame and copies none. */
    static Buffer chunk(List<JournalEntry> entries) {
        if (entries.size() == 1) {
            return entries.get(0).sse();
        }
        ByteBuf[] frames = new ByteBuf[entries.size()];
        for (int i = 0; i < frames.length; i++) {
            // the frame's slice, which a release of the chunk after its write cannot free
            frames[i] = entries.get(i).sse().getByteBuf();
        }
        return Buffer.buffer(Unpooled.wrappedBuffer(frames));
    }

    @Override
    public void heartbeat() {
        response.write(": heartbeat\n\n");
    }

    @Override
    public boolean writeQueueFull() {
        return response.writeQueueFull();
    }

    @Override
    public void drainHandler(Runnable then) {
        response.drainHandler(v -> then.run());
    }

    @Override
    public void closedHandler(Runnable then) {
        response.closeHandler(v -> then.run());
    }

    @Override
    public void close(String reason) {
        if (!response.closed() && !response.ended()) {
            response.end(": " + reason + "\n\n");
        }
    }
}
