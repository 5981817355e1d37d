import static io.hearth.testsupport.bench.StacksApi.API;
import static io.hearth.testsupport.bench.StacksApi.KAFKA;
import static io.hearth.testsupport.bench.StacksApi.TOKEN;
import static io.hearth.testsupport.bench.StacksApi.id;
import static io.hearth.testsupport.bench.StacksApi.quote;
import static io.hearth.testsupport.bench.StacksApi.send;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.TopicTail;
import io.hearth.testsupport.bench.ProcessCpu;
import io.hearth.testsupport.bench.StacksApi;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * N Server-Sent Events clients on one stack's live stream ({@code GET /v1/{tenant}/stacks/{name}/{id}/stream}),
 * through the public endpoint (8004, template-service forwarding to the notifier) or straight to the notifier
 * (8007), while the stack makes events: a stack with an {@code OS::Heat::ResourceGroup} of {@code OS::Heat::None}
 * members updated K times, its count alternating 10 and 5 (each update: the stack's, the group's and its nested
 * stack's events, five members created or deleted).
 *
 * <p>The clients are one thread with non-blocking sockets (a selector), so 1,000 streams cost one core at most;
 * each decodes the chunked answer and the SSE lines and records, for each {@code data:} line, the journal sequence
 * and the time it read it. Prints the delivery latency p50/p95/p99/max across every (client, event) from the
 * CloudEvent's {@code time} (when the publishing service made it: its outbox, the relay, Kafka and the notifier's
 * journal included) and from the journal row's {@code recorded_at} (read from the notifier's schema afterwards: the
 * notifier's own part, fan-out and forwarding), the events each client received against the stack's journal rows
 * (any loss, duplicate or reordering), and the CPU each process took, the clients' own included.
 *
 * <p>Run against a running system with {@code bench/streams [clients] [updates] [port] [pause ms]}.
 */
public class StreamsBench {

    private static final Duration TIMEOUT = Duration.ofMinutes(
            Long.parseLong(System.getenv().getOrDefault("BENCH_TIMEOUT_MINUTES", "5")));
    /** The notifier's journal, for its rows' sequence and recorded_at: {@code BENCH_JOURNAL_JDBC}. */
    private static final String JOURNAL = System.getenv().getOrDefault("BENCH_JOURNAL_JDBC",
            "jdbc:postgresql://127.0.0.1:5432/hearth?user=hearth_notifier&password=hearth_notifier");

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            parameters:
              count: {type: number}
            resources:
              group:
                type: OS::Heat::ResourceGroup
                properties:
                  count: {get_param: count}
                  resource_def:
                    type: OS::Heat::None
            outputs:
              size: {value: {get_attr: [group, refs]}}
            """;

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception e) {
            StacksApi.fail(e);
        }
    }

    private static void run(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int updates = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        URI api = URI.create(API);
        int port = args.length > 2 ? Integer.parseInt(args[2]) : api.getPort();
        long pause = args.length > 3 ? Long.parseLong(args[3]) : 100;
        String via = port == api.getPort() ? "the public endpoint (template-service forwarding to the notifier)"
                : "the notifier directly";
        String name = "bench-streams-" + UUID.randomUUID().toString().substring(0, 8);
        System.out.printf("Streams: %d SSE clients on one stack's stream through %s, %s:%d; %d updates of a"
                + " ResourceGroup (count 5 <-> 10), %d ms apart; load average %s%n", clients, via, api.getHost(), port,
                updates, pause, load());

        try (StackStatus status = StackStatus.start(KAFKA)) {
            String id = id(send("POST", API + "/stacks", "{\"stack_name\": \"" + name + "\", \"template\": "
                    + quote(TEMPLATE) + ", \"parameters\": {\"count\": 5}}", 201, true));
            String stack = API + "/stacks/" + name + "/" + id;
            await("stack CREATE", () -> status.ended(id, "CREATE", 1));

            String path = api.getPath() + "/stacks/" + name + "/" + id + "/stream";
            // The notifier knows a stack once its first event is journaled (its consumer may still be joining its
            // group on a fresh system): until then the stream is 404, so wait for one that opens.
            URI streamUri = URI.create("http://" + api.getHost() + ":" + port + path);
            java.net.http.HttpClient probe = java.net.http.HttpClient.newHttpClient();
            await("the stack's stream known to the notifier", () -> {
                var answer = probe.send(java.net.http.HttpRequest.newBuilder(streamUri).header("X-Auth-Token", TOKEN)
                        .header("Accept", "text/event-stream").build(),
                        java.net.http.HttpResponse.BodyHandlers.ofInputStream());
                answer.body().close();
                return answer.statusCode() == 200 ? Instant.now() : null;
            });
            long journalStart = journalHead(); // after the stack's own early events: the clients start after it
            Clients streams = new Clients(new InetSocketAddress(api.getHost(), port), path, clients);
            Thread loop = new Thread(streams::loop, "sse-clients");
            loop.setDaemon(true);
            loop.start();
            Instant connecting = Instant.now();
            await("every client's stream open", () -> streams.open() == clients ? Instant.now() : null);
            System.out.printf("%d streams open in %.2f s (answer 200 and the first bytes of the stream)%n", clients,
                    seconds(connecting, Instant.now()));
            Thread.sleep(1000); // each subscriber starts at the journal's head once registered

            Map<String, Long> cpuBefore = ProcessCpu.sample();
            long[] loopsBefore = ProcessCpu.eventLoopSchedule("notifier");
            long clientCpuBefore = streams.cpuNanos();
            Instant first = Instant.now();
            for (int u = 1; u <= updates; u++) {
                int count = u % 2 == 1 ? 10 : 5;
                // the stack's read model (template-service) may not have applied the last UPDATE_COMPLETE yet: 409
                String body = "{\"parameters\": {\"count\": " + count + "}}";
                await("update " + u + " accepted", () -> {
                    try {
                        send("PATCH", stack, body, 202, true);
                        return Instant.now();
                    } catch (IllegalStateException e) {
                        if (!e.getMessage().contains("answered 409")) {
                            throw e;
                        }
                        return null;
                    }
                });
                int n = u;
                await("update " + u, () -> status.ended(id, "UPDATE", n));
                Thread.sleep(pause);
            }
            Instant updated = Instant.now();
            // every client has what the busiest has, or nothing arrives for 3 s
            Instant settled = await("deliveries settled", () -> streams.settled(Duration.ofSeconds(3)));
            Map<String, Long> cpuAfter = ProcessCpu.sample();
            long[] loopsAfter = ProcessCpu.eventLoopSchedule("notifier");
            long clientCpu = streams.cpuNanos() - clientCpuBefore;
            streams.stop();
            loop.join(5000);

            Map<Long, Instant> journal = journalRows(id, journalStart);
            report(streams, journal, clients);
            System.out.printf("%d updates in %.1f s (%.1f events a second on the stream); last update COMPLETE ->"
                    + " deliveries settled %.2f s%n", updates, seconds(first, updated),
                    streams.events() / Math.max(0.001, seconds(first, updated)), seconds(updated, settled));
            double wall = seconds(first, settled);
            System.out.printf("CPU during the updates (s): %s; the clients' thread %.2f s (%.0f %% of one core over"
                    + " %.1f s)%n", ProcessCpu.perOperation(cpuBefore, cpuAfter, 1000), clientCpu / 1e9,
                    clientCpu / 1e7 / wall, wall);
            // the notifier's event loops write every stream: the time they waited for a core is latency no code of
            // theirs can remove
            System.out.printf("the notifier's event loops: ran %.2f s, waited for a core %.2f s%n",
                    (loopsAfter[0] - loopsBefore[0]) / 1e9, (loopsAfter[1] - loopsBefore[1]) / 1e9);

            send("DELETE", stack, null, 204, true);
            await("stack DELETE", () -> status.ended(id, "DELETE", 1));
        }
    }

    private static void report(Clients streams, Map<Long, Instant> journal, int clients) {
        Map<Long, Long> eventTime = streams.eventTimes();
        List<Long> fromEvent = new ArrayList<>();
        List<Long> fromJournal = new ArrayList<>();
        Map<Long, long[]> perEvent = new java.util.TreeMap<>(); // seq -> first and last client's latency
        int lossy = 0;
        long lost = 0;
        long duplicates = 0;
        long reordered = 0;
        long unexpected = 0;
        int closed = 0;
        for (Client c : streams.clients) {
            closed += c.closed ? 1 : 0;
            java.util.Set<Long> got = new java.util.HashSet<>();
            long previous = -1;
            for (int i = 0; i < c.count; i++) {
                long seq = c.seqs[i];
                long at = c.receivedMicros[i];
                if (!got.add(seq)) {
                    duplicates++;
                }
                if (seq < previous) {
                    reordered++;
                }
                previous = seq;
                Long made = eventTime.get(seq);
                if (made != null) {
                    fromEvent.add(at - made);
                }
                Instant recorded = journal.get(seq);
                if (recorded != null) {
                    long latency = at - micros(recorded);
                    fromJournal.add(latency);
                    perEvent.merge(seq, new long[] {latency, latency},
                            (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
                } else if (!journal.isEmpty()) {
                    unexpected++;
                }
            }
            java.util.Set<Long> expected = journal.isEmpty() ? eventTime.keySet() : journal.keySet();
            long missing = expected.stream().filter(seq -> !got.contains(seq)).count();
            if (missing > 0) {
                lossy++;
                lost += missing;
            }
        }
        System.out.printf("%nevents on the stack's journal during the run: %s; received per client: min %d, max %d;"
                + " clients missing events %d (events lost in all %d), duplicates %d, out of order %d, events not in"
                + " the journal %d, streams closed by the server %d%n",
                journal.isEmpty() ? "journal not readable (" + JOURNAL + "), the union received " + eventTime.size()
                        : journal.size(), Arrays.stream(streams.clients).mapToInt(c -> c.count).min().orElse(0),
                Arrays.stream(streams.clients).mapToInt(c -> c.count).max().orElse(0), lossy, lost, duplicates,
                reordered, unexpected, closed);
        System.out.printf("delivery latency over %d deliveries (%d clients x events), ms:%n", fromEvent.size(),
                clients);
        System.out.printf("  from the CloudEvent's time (the service made it) p50 %s  p95 %s  p99 %s  max %s%n",
                percentiles(fromEvent));
        System.out.printf("  from the journal row's recorded_at               p50 %s  p95 %s  p99 %s  max %s"
                + "  (target p99 <= 100 ms)%n", percentiles(fromJournal));
        // Before the first client: the append's commit, the tail, the offer; first to last: the fan-out's writes and
        // these clients' reads (one thread).
        System.out.printf("  the slowest events, from the journal row: %s%n", perEvent.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1])).limit(5)
                .map(e -> String.format("seq %d first client %.1f, last %.1f ms", e.getKey(), e.getValue()[0] / 1000.0,
                        e.getValue()[1] / 1000.0))
                .collect(java.util.stream.Collectors.joining("; ")));
    }

    private static Object[] percentiles(List<Long> micros) {
        if (micros.isEmpty()) {
            return new Object[] {"-", "-", "-", "-"};
        }
        long[] sorted = micros.stream().mapToLong(Long::longValue).sorted().toArray();
        return new Object[] {ms(sorted, 0.50), ms(sorted, 0.95), ms(sorted, 0.99), ms(sorted, 1.0)};
    }

    private static String ms(long[] sorted, double q) {
        int i = (int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
        return String.format("%.1f", sorted[i] / 1000.0);
    }

    private static long micros(Instant at) {
        return at.getEpochSecond() * 1_000_000 + at.getNano() / 1000;
    }

    /** The journal's newest sequence (0 when unreadable). */
    private static long journalHead() {
        try (Connection db = DriverManager.getConnection(JOURNAL);
                ResultSet rs = db.createStatement().executeQuery(
                        "select coalesce(max(seq), 0) from notifier.client_event")) {
            rs.next();
            return rs.getLong(1);
        } catch (Exception e) {
            System.out.println("the journal is not readable (" + e.getMessage() + "): latency from the event time"
                    + " only, loss against the union of what the clients received");
            return 0;
        }
    }

    /** The stack's journal rows after the sequence: seq -> recorded_at; empty when unreadable. */
    private static Map<Long, Instant> journalRows(String stackId, long after) {
        Map<Long, Instant> rows = new TreeMap<>();
        try (Connection db = DriverManager.getConnection(JOURNAL);
                PreparedStatement q = db.prepareStatement("select seq, recorded_at from notifier.client_event"
                        + " where (root_stack_id = ? or stack_id = ?) and seq > ? order by seq")) {
            q.setString(1, stackId);
            q.setString(2, stackId);
            q.setLong(3, after);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    rows.put(rs.getLong(1), rs.getTimestamp(2).toInstant());
                }
            }
        } catch (Exception e) {
            System.out.println("the journal is not readable: " + e.getMessage());
        }
        return rows;
    }

    /** One SSE client: its socket, the HTTP answer's decoding and what it received. */
    static final class Client {
        final SocketChannel channel;
        final StringBuilder head = new StringBuilder();
        boolean headers;
        boolean chunked;
        boolean open;
        boolean closed;
        /** Chunked decoding: bytes left in the current chunk, -1 while reading a size line, -2 its CRLF. */
        long chunkLeft = -1;
        final StringBuilder sizeLine = new StringBuilder();
        byte[] line = new byte[4096];
        int lineLength;
        long[] seqs = new long[256];
        long[] receivedMicros = new long[256];
        int count;

        Client(SocketChannel channel) {
            this.channel = channel;
        }

        void received(long seq, long at) {
            if (count == seqs.length) {
                seqs = Arrays.copyOf(seqs, count * 2);
                receivedMicros = Arrays.copyOf(receivedMicros, count * 2);
            }
            seqs[count] = seq;
            receivedMicros[count++] = at;
        }
    }

    /** The clients on one selector thread. */
    static final class Clients {

        private static final byte[] SEQUENCE = "\"sequence\":\"".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] TIME = "\"time\":\"".getBytes(StandardCharsets.US_ASCII);

        final Client[] clients;
        private final Selector selector;
        private final Map<Long, Long> eventTimes = new HashMap<>();
        private final Map<Long, Long> snapshot = new ConcurrentHashMap<>();
        private volatile boolean running = true;
        private volatile int open;
        private volatile long lastDelivery = System.nanoTime();
        private volatile long threadCpu;
        private Thread thread;

        Clients(InetSocketAddress address, String path, int n) throws IOException {
            selector = Selector.open();
            clients = new Client[n];
            byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: " + address.getHostString() + ":" + address.getPort()
                    + "\r\nX-Auth-Token: " + TOKEN + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < n; i++) {
                SocketChannel channel = SocketChannel.open(address); // blocking connect: the backlog is not flooded
                channel.write(ByteBuffer.wrap(request));
                channel.configureBlocking(false);
                clients[i] = new Client(channel);
                channel.register(selector, SelectionKey.OP_READ, clients[i]);
            }
        }

        void loop() {
            thread = Thread.currentThread();
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            try {
                while (running) {
                    if (selector.select(200) == 0) {
                        threadCpu = cpu();
                        continue;
                    }
                    var keys = selector.selectedKeys().iterator();
                    while (keys.hasNext()) {
                        SelectionKey key = keys.next();
                        keys.remove();
                        Client c = (Client) key.attachment();
                        int read;
                        while ((read = readSome(c, buffer)) > 0) {
                            // when this client's bytes were read: a select wakes up for many clients at once,
                            // and the ones handled last wait for the others to be parsed
                            long now = micros(Instant.now());
                            buffer.flip();
                            body(c, buffer.array(), buffer.limit(), now);
                            buffer.clear();
                        }
                        if (read < 0) {
                            c.closed = true;
                            key.cancel();
                        }
                    }
                    threadCpu = cpu();
                }
            } catch (IOException e) {
                System.err.println("clients: " + e);
            }
        }

        private static int readSome(Client c, ByteBuffer buffer) {
            try {
                return c.channel.read(buffer);
            } catch (IOException e) {
                return -1;
            }
        }

        private static long cpu() {
            return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }

        /** Decodes the answer's bytes: the status line and headers, then the chunked (or plain) body. */
        private void body(Client c, byte[] bytes, int length, long now) {
            int i = 0;
            while (!c.headers && i < length) {
                c.head.append((char) bytes[i++]);
                int n = c.head.length();
                if (n >= 4 && c.head.charAt(n - 1) == '\n' && c.head.charAt(n - 3) == '\n') {
                    c.headers = true;
                    String h = c.head.toString();
                    if (!h.startsWith("HTTP/1.1 200")) {
                        throw new IllegalStateException("a stream answered " + h.lines().findFirst().orElse(h));
                    }
                    c.chunked = h.toLowerCase().contains("transfer-encoding: chunked");
                    c.open = true;
                    open++;
                }
            }
            while (i < length) {
                if (!c.chunked) {
                    sse(c, bytes[i++], now);
                } else if (c.chunkLeft > 0) {
                    int take = (int) Math.min(c.chunkLeft, length - i);
                    for (int k = 0; k < take; k++) {
                        sse(c, bytes[i + k], now);
                    }
                    i += take;
                    c.chunkLeft -= take;
                    if (c.chunkLeft == 0) {
                        c.chunkLeft = -2;
                        c.sizeLine.setLength(0);
                    }
                } else {
                    char ch = (char) bytes[i++];
                    if (ch == '\n') {
                        String size = c.sizeLine.toString().trim();
                        c.sizeLine.setLength(0);
                        if (c.chunkLeft == -2) {
                            c.chunkLeft = -1; // the CRLF after a chunk's data
                        } else if (!size.isEmpty()) {
                            int semi = size.indexOf(';');
                            c.chunkLeft = Long.parseLong(semi < 0 ? size : size.substring(0, semi), 16);
                            if (c.chunkLeft == 0) {
                                c.chunkLeft = -1; // the last chunk: the stream ends
                            }
                        }
                    } else if (ch != '\r') {
                        c.sizeLine.append(ch);
                    }
                }
            }
        }

        /** One byte of the event stream: a data line is an event. */
        private void sse(Client c, byte b, long now) {
            if (b != '\n') {
                if (c.lineLength == c.line.length) {
                    c.line = Arrays.copyOf(c.line, c.line.length * 2);
                }
                c.line[c.lineLength++] = b;
                return;
            }
            if (c.lineLength > 5 && c.line[0] == 'd' && c.line[1] == 'a' && c.line[4] == ':') {
                int s = indexOf(c.line, c.lineLength, SEQUENCE, 0);
                if (s >= 0) {
                    int start = s + SEQUENCE.length;
                    long seq = 0;
                    for (int k = start; c.line[k] != '"'; k++) {
                        seq = seq * 10 + (c.line[k] - '0');
                    }
                    c.received(seq, now);
                    lastDelivery = System.nanoTime();
                    if (!eventTimes.containsKey(seq)) {
                        int t = indexOf(c.line, c.lineLength, TIME, start);
                        if (t >= 0) {
                            int from = t + TIME.length;
                            int to = from;
                            while (c.line[to] != '"') {
                                to++;
                            }
                            Instant made = Instant.parse(new String(c.line, from, to - from,
                                    StandardCharsets.US_ASCII));
                            eventTimes.put(seq, micros(made));
                            snapshot.put(seq, micros(made));
                        }
                    }
                }
            }
            c.lineLength = 0;
        }

        private static int indexOf(byte[] in, int length, byte[] what, int from) {
            outer:
            for (int i = from; i <= length - what.length; i++) {
                for (int k = 0; k < what.length; k++) {
                    if (in[i + k] != what[k]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }

        int open() {
            return open;
        }

        /** How many distinct events the clients received. */
        int events() {
            return snapshot.size();
        }

        long cpuNanos() {
            return threadCpu;
        }

        /** When every client holds as many events as there are, or none came for the quiet time; else null. */
        Instant settled(Duration quiet) {
            int all = snapshot.size();
            boolean everyone = Arrays.stream(clients).allMatch(c -> c.count >= all || c.closed);
            boolean silent = System.nanoTime() - lastDelivery > quiet.toNanos();
            return all > 0 && (everyone && System.nanoTime() - lastDelivery > 500_000_000L || silent)
                    ? Instant.now() : null;
        }

        Map<Long, Long> eventTimes() {
            return snapshot;
        }

        void stop() throws IOException {
            running = false;
            selector.wakeup();
            for (Client c : clients) {
                c.channel.close();
            }
        }
    }

    /** Follows the stack's actions on hearth.stack.events: how many of each ended. */
    static final class StackStatus implements AutoCloseable {

        private final Map<String, List<String>> ended = new ConcurrentHashMap<>();
        private TopicTail tail;

        static StackStatus start(String bootstrap) {
            StackStatus status = new StackStatus();
            status.tail = TopicTail.start(bootstrap, Topics.STACK_EVENTS,
                    record -> CloudEvent.parseAll(record.value()).forEach(status::accept),
                    e -> System.err.println("stack events: " + e.getMessage()));
            return status;
        }

        private void accept(CloudEvent event) {
            if (StackStatusChanged.TYPE.equals(event.type())) {
                StackStatusChanged s = event.dataAs(StackStatusChanged.class);
                if (!"IN_PROGRESS".equals(s.status())) {
                    ended.computeIfAbsent(s.stackId() + "/" + s.action(),
                            k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(s.stackStatus());
                }
            }
        }

        /** Now, once the n-th action of the kind ended COMPLETE; fails when it failed. */
        Instant ended(String stackId, String action, int n) {
            List<String> all = ended.get(stackId + "/" + action);
            if (all == null || all.size() < n) {
                return null;
            }
            String last = all.get(n - 1);
            if (!last.endsWith("_COMPLETE")) {
                throw new IllegalStateException("the stack's " + action + " " + n + " ended " + last);
            }
            return Instant.now();
        }

        @Override
        public void close() {
            tail.close();
        }
    }

    interface Probe<T> {
        T at() throws Exception;
    }

    private static <T> T await(String what, Probe<T> probe) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            T at = probe.at();
            if (at != null) {
                return at;
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException(what + " did not happen within " + TIMEOUT);
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    private static String load() {
        try {
            return String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg")).split(" ")).subList(0, 3));
        } catch (Exception e) {
            return "?";
        }
    }
}
