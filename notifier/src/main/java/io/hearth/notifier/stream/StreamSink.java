package io.hearth.notifier.stream;

import io.hearth.notifier.journal.JournalEntry;
import java.util.List;

/** One client's connection, SSE or WebSocket; every method is called on the connection's Vert.x context. */
public interface StreamSink {

    /** The transport, as the {@code kind} label of {@code hearth.streams.clients} says it: sse or websocket. */
    String kind();

    /** Writes one event. */
    void send(JournalEntry entry);

    /** Writes events in their order; a sink that can make them one write does (fewer writes and flushes). */
    default void send(List<JournalEntry> entries) {
        entries.forEach(this::send);
    }

    /** Writes a heartbeat (an SSE comment, a WebSocket ping). */
    void heartbeat();

    /** Whether the connection's write queue is full: nothing more is written until it drains. */
    boolean writeQueueFull();

    /** Runs {@code then} once the full write queue drained. */
    void drainHandler(Runnable then);

    /** Runs {@code then} when the client goes away. */
    void closedHandler(Runnable then);

    /** Ends the stream, saying why. */
    void close(String reason);
}
