package io.hearth.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Transaction;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two relays on one outbox table (two replicas of a service), each with its own producer, against the real
 * broker and PostgreSQL: the rows of one key reach the topic in the order they were written.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class RelayKeyOrderTests {

    private static final String TOPIC = "hearth.test.relay-order";
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Rows a claim scan skips between two rows of a key: a few hundred milliseconds of scan. */
    private static final int SKIPPED = 300_000;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    @Inject
    TwoRelays relays;

    @Inject
    Pool pool;

    private final TestDatabase db = TestDatabase.schema("eventing_test");
    private ConsumerTask<String, String> topic;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void setUp() {
        db.execute("truncate outbox_event");
        if (!kafka.topics().list().contains(TOPIC)) {
            kafka.topics().createAndWait(TOPIC, 3);
        }
        topic = kafka.consumeStrings().fromTopics(TOPIC);
    }

    @AfterEach
    void tearDown() {
        relays.heldA().release(); // a failed test must not leave relay A's transaction (and its locks) open
        topic.close();
    }

    @Test
    void aRelayLeavesTheRowsOfAKeyAnotherRelayIsStillSendingAndTakesThemAfterItsCommit() throws Exception {
        relays.heldA().hold();
        write("k", 1, 2);
        write("l", 1);
        CompletableFuture<Integer> a = relays.drainA();
        await().atMost(WAIT).until(() -> relays.heldA().held() == 3); // A claimed k1, k2, l1; they are in flight

        write("k", 3);
        write("l", 2);
        write("m", 1);
        assertThat(relays.drainB().get(30, TimeUnit.SECONDS)).as("rows relay B published while A sends k and l")
                .isEqualTo(1);
        assertThat(db.queryLong("select count(*) from outbox_event where aggregateid in (?, ?)", key("k"), key("l")))
                .as("rows of k and l left for after A's commit").isEqualTo(5);

        relays.heldA().release();
        assertThat(a.get(30, TimeUnit.SECONDS)).isEqualTo(3);
        assertThat(relays.drainB().get(30, TimeUnit.SECONDS)).as("k3 and l2, once A committed").isEqualTo(2);

        await().atMost(WAIT).until(() -> mine().size() == 6);
        assertThat(valuesByKey()).containsExactlyInAnyOrderEntriesOf(Map.of(
                key("k"), List.of("1", "2", "3"), key("l"), List.of("1", "2"), key("m"), List.of("1")));
        assertThat(db.queryLong("select count(*) from outbox_event")).isZero();
    }

    @Test
    void aRelayTakesNoRowOfAKeyWhoseEarlierRowsAnotherRelayHeldBackWhileItClaimed() throws Exception {
        // The race needs relay A to commit while relay B's claim scans, a window of a few hundred milliseconds that
        // a loaded machine can miss: up to three attempts, each with a key of its own, until one hits it.
        int raced = 0;
        for (int attempt = 1; attempt <= 3 && raced == 0; attempt++) {
            String k = "k" + attempt;
            raced += heldBackWhileAnotherRelayClaims(k) ? 1 : 0;
            await().atMost(WAIT).until(() -> valuesByKey().getOrDefault(key(k), List.of()).size() == 3);
            assertThat(valuesByKey().get(key(k))).as(k).containsExactly("1", "2", "3");
        }
        assertThat(raced).as("attempts in which relay A committed while relay B's claim was scanning").isOne();
    }

    /**
     * Relay A claims {@code k}'s rows 1 and 2 and fails them (held back for another attempt); it commits while
     * relay B's claim scans towards row 3, past rows of a key a third transaction holds. Then the relays publish
     * everything. Answers whether B's claim was still scanning when A had committed.
     */
    private boolean heldBackWhileAnotherRelayClaims(String k) throws Exception {
        relays.heldA().hold();
        write(k, 1, 2);
        CompletableFuture<Integer> a = relays.drainA();
        await().atMost(WAIT).until(() -> relays.heldA().held() == 2); // A claimed k1 and k2; they are in flight

        boolean raced;
        SqlConnection holder = pool.getConnection().await().atMost(WAIT);
        Transaction holding = holder.begin().await().atMost(WAIT);
        try {
            holder.query("select pg_advisory_xact_lock(" + OutboxClaim.KEY_LOCK + ", hashtext('" + TOPIC + "/"
                    + key("x") + "'))").execute().await().atMost(WAIT);
            db.execute("insert into outbox_event (id, aggregatetype, aggregateid, type, topic, payload, timestamp)"
                    + " select gen_random_uuid(), 'test', '" + key("x") + "', 'order', '" + TOPIC + "', n::text, now()"
                    + " from generate_series(1, " + SKIPPED + ") n");
            write(k, 3);

            CompletableFuture<Integer> b = relays.drainB();
            await().atMost(WAIT).pollInterval(Duration.ofMillis(1)).until(() -> claiming() == 1);
            relays.heldA().fail(new TimeoutException("broker unreachable")); // A holds k1 and k2 back, commits
            assertThat(a).failsWithin(WAIT).withThrowableThat().withMessageContaining("2 outbox events held back");
            raced = claiming() == 1;
            b.get(30, TimeUnit.SECONDS);
        } finally {
            holding.rollback().await().atMost(WAIT); // x is free again
            holder.close().await().atMost(WAIT);
        }
        // x's rows go, and the table's statistics are a small table's again for the tests after this one.
        db.execute("delete from outbox_event where aggregateid = '" + key("x") + "'", "vacuum analyze outbox_event");
        while (db.queryLong("select count(*) from outbox_event") > 0) {
            relays.drainB().get(30, TimeUnit.SECONDS);
        }
        return raced;
    }

    @Test
    void twoRelaysDrainingTogetherPublishEveryRowOnceInItsKeysOrder() throws Exception {
        relays.heldA().release();
        int keys = 20;
        int perKey = 60;
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService loops = Executors.newFixedThreadPool(2);
        try {
            Future<Integer> byA = loops.submit(() -> drainWhile(writing, relays::drainA));
            Future<Integer> byB = loops.submit(() -> drainWhile(writing, relays::drainB));
            for (int i = 1; i <= perKey; i++) {
                int n = i;
                db.execute(IntStream.range(0, keys).mapToObj(k -> insert("s" + k, n)).toArray(String[]::new));
            }
            writing.set(false);
            int published = byA.get(60, TimeUnit.SECONDS) + byB.get(60, TimeUnit.SECONDS);
            System.out.printf("two relays: A published %d, B %d of %d rows%n", byA.get(), byB.get(), keys * perKey);
            assertThat(published).isEqualTo(keys * perKey);
        } finally {
            loops.shutdownNow();
        }
        await().atMost(WAIT).until(() -> mine().size() == keys * perKey);
        List<String> expected = IntStream.rangeClosed(1, perKey).mapToObj(Integer::toString).toList();
        Map<String, List<String>> byKey = valuesByKey();
        assertThat(byKey).hasSize(keys);
        byKey.forEach((key, values) -> assertThat(values).as(key).isEqualTo(expected));
    }

    /** How many relay claims other connections are running. */
    private long claiming() {
        return db.queryLong("select count(*) from pg_stat_activity where state = 'active'"
                + " and query like '%ctid = any(array(select ctid from%' and pid <> pg_backend_pid()");
    }

    /** Runs batches of one relay until the writer is done and a batch finds nothing; the rows it published. */
    private static int drainWhile(AtomicBoolean writing, java.util.function.Supplier<CompletableFuture<Integer>> drain)
            throws Exception {
        int total = 0;
        while (true) {
            boolean last = !writing.get();
            int published = drain.get().get(30, TimeUnit.SECONDS);
            total += published;
            if (last && published == 0) {
                return total;
            }
            if (published == 0) {
                Thread.sleep(5);
            }
        }
    }

    private void write(String name, int... values) {
        db.execute(IntStream.of(values).mapToObj(v -> insert(name, v)).toArray(String[]::new));
    }

    private String insert(String name, int value) {
        return "insert into outbox_event (id, aggregatetype, aggregateid, type, topic, payload, timestamp) values ('"
                + UUID.randomUUID() + "', 'test', '" + key(name) + "', 'order', '" + TOPIC + "', '" + value + "', now())";
    }

    private String key(String name) {
        return run + "-" + name;
    }

    private List<ConsumerRecord<String, String>> mine() {
        return new ArrayList<>(topic.getRecords()).stream().filter(r -> r.key() != null && r.key().startsWith(run))
                .toList();
    }

    /** The values of each key of this test, in the order of the topic (one key lives on one partition). */
    private Map<String, List<String>> valuesByKey() {
        return mine().stream().collect(Collectors.groupingBy(ConsumerRecord::key,
                Collectors.mapping(ConsumerRecord::value, Collectors.toList())));
    }
}
