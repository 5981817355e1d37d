package io.hearth.notifier.journal;

import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One event of the journal. The tail reads each row once and hands the same entry to every client of its streams,
 * so what each of them is sent is made here, once: the CloudEvent as clients get it ({@link #framed}) and its SSE
 * frame, already encoded ({@link #sse}), which every connection writes as it is (a Vert.x buffer may be written any
 * number of times). The frame is held off the heap, where a socket write reads it: Netty copies a heap buffer into
 * a direct one on every write, which was a copy per client. Not a record: it carries those two as well.
 */
public final class JournalEntry {

    private final long seq;
    private final String tenant;
    private final String stackId;
    private final String rootStackId;
    private final String payload;
    private final String framed;
    private Buffer sse;

    /**
     * @param seq         its place in the journal: grows with every event, the stream's {@code id:}
     * @param tenant      the tenant it belongs to
     * @param stackId     the stack it is about
     * @param rootStackId the top of that stack's tree (the stack itself when it is no nested stack)
     * @param payload     the CloudEvent JSON as it was consumed
     */
    public JournalEntry(long seq, String tenant, String stackId, String rootStackId, String payload) {
        this.seq = seq;
        this.tenant = tenant;
        this.stackId = stackId;
        this.rootStackId = rootStackId;
        this.payload = payload;
        this.framed = "{\"sequence\":\"" + seq + "\"," + payload.substring(1);
    }

    public long seq() {
        return seq;
    }

    public String tenant() {
        return tenant;
    }

    public String stackId() {
        return stackId;
    }

    public String rootStackId() {
        return rootStackId;
    }

    public String payload() {
        return payload;
    }

    /**
     * The CloudEvent as clients get it: the consumed JSON with the CloudEvents {@code sequence} extension
     * attribute, the journal position (as a string, as the extension defines it) that resumes after it.
     */
    public String framed() {
        return framed;
    }

    /**
     * The event as one SSE frame ({@code id:} and one {@code data:} line), UTF-8, made on first use, in direct
     * memory that the garbage collector frees (a JDK buffer: no release is owed for it, however many connections
     * wrote it).
     */
    public synchronized Buffer sse() {
        if (sse == null) {
            byte[] bytes = ("id: " + seq + "\ndata: " + framed + "\n\n").getBytes(StandardCharsets.UTF_8);
            ByteBuffer frame = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            sse = Buffer.buffer(Unpooled.wrappedBuffer(frame));
        }
        return sse;
    }
}
