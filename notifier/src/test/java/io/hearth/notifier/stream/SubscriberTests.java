package io.hearth.notifier.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hearth.notifier.journal.JournalEntry;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.notifier.journal.StreamScope;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A live subscriber's writes: the tail offers it its share of a page at once, and its connection's loop writes that
 * share in one write, however soon the loop runs (it runs on another thread than the tail's).
 */
class SubscriberTests {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aPagesShareIsWrittenInOneWriteInItsOrder() throws Exception {
        Context context = vertx.getOrCreateContext();
        RecordingSink sink = new RecordingSink();
        Subscriber subscriber = new Subscriber(context, sink, new StreamScope("demo", "s1"), new EmptyJournal(), 1000,
                0);
        onContext(context, () -> subscriber.start(0, Duration.ofMinutes(1), closed -> {
        }));
        onContext(context, () -> {
        }); // the empty replay page has been handled: the subscriber is live

        for (int update = 0; update < 20; update++) {
            List<JournalEntry> share = LongStream.rangeClosed(update * 17L + 1, update * 17L + 17)
                    .mapToObj(seq -> new JournalEntry(seq, "demo", "s1", "s1", "{\"type\":\"t\"}")).toList();
            subscriber.offer(share);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (sink.writes.size() <= update && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(update + 1, sink.writes.size(), "one write for the share of update " + update);
            assertEquals(share.stream().map(JournalEntry::seq).toList(), sink.writes.get(update));
        }
    }

    private static void onContext(Context context, Runnable work) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        context.runOnContext(v -> {
            work.run();
            done.complete(null);
        });
        done.get(10, TimeUnit.SECONDS);
    }

    /** A journal with nothing to replay. */
    private static final class EmptyJournal extends JournalReader {

        EmptyJournal() {
            super(null, "notifier");
        }

        @Override
        public Uni<List<JournalEntry>> page(StreamScope scope, long after, int limit) {
            return Uni.createFrom().item(List.of());
        }
    }

    /** Records each write's sequences. */
    private static final class RecordingSink implements StreamSink {

        final List<List<Long>> writes = new CopyOnWriteArrayList<>();

        @Override
        public String kind() {
            return "recording";
        }

        @Override
        public void send(JournalEntry entry) {
            writes.add(List.of(entry.seq()));
        }

        @Override
        public void send(List<JournalEntry> entries) {
            writes.add(entries.stream().map(JournalEntry::seq).toList());
        }

        @Override
        public void heartbeat() {
        }

        @Override
        public boolean writeQueueFull() {
            return false;
        }

        @Override
        public void drainHandler(Runnable then) {
        }

        @Override
        public void closedHandler(Runnable then) {
        }

        @Override
        public void close(String reason) {
        }
    }
}
