package io.hearth.notifier.membership;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.membership.v1.MembershipChanged.Member;
import io.hearth.notifier.config.NotifierConfig;
import io.hearth.platform.outbox.ContextLoop;
import io.hearth.platform.outbox.DueRows;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.outbox.OutboxEvent;
import io.hearth.platform.outbox.OutboxWriter;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The durable timer that publishes group membership: each step claims the groups whose {@code due_at} has come
 * ({@link io.hearth.notifier.messaging.MembershipHandler} sets it) with {@code FOR UPDATE SKIP LOCKED}, so replicas
 * share the groups and never publish one twice, and in the same transaction writes for each group whose members
 * differ from the last published ones one {@code MembershipChanged} with the next generation, the full member list
 * (with the outputs of members that are template resources, which are listed once their stack completed) and who
 * joined and left, to the outbox (key: the group's stack id), and marks the group published. A group whose
 * members are back to what was published publishes nothing. The times live in the group rows, so a killed notifier
 * loses nothing: the next one (or a replica) publishes what was due. A group whose resource acts (creating, scaling,
 * updating or deleting its members) is held until its action ends, at most {@code hearth.notifier.membership-hold}
 * after its first unpublished change. Woken by what changes groups: a batch its replica's consumers committed
 * ({@code hearth.instance.lifecycle}, {@code hearth.stack.events}); otherwise it sleeps until the earliest
 * {@code due_at} (or end of a hold) it reads, at most {@code hearth.notifier.idle-poll} (a fallback for groups another
 * replica changed and died before publishing). Events that mark no group dirty and end no group's action (a
 * deployment's status, a resource of another type) do not wake it.
 */
@ApplicationScoped
public class MembershipPublisher {

    /** The wait after a failed step. */
    static final Duration FAILURE_DELAY = Duration.ofSeconds(1);
    /** How many groups one step claims; after a step that published, the next runs at once. */
    static final int BATCH = 64;

    private static final TypeReference<Map<String, Member>> MEMBERS = new TypeReference<>() {
    };

    private final Pool pool;
    private final Outbox outbox;
    private final OutboxWriter writer;
    private final ContextLoop<Duration> loop;
    private final Duration idlePoll;
    private final String claim;
    private final String markPublished;
    private final String nextDue;
    private final AtomicLong wakeUps = new AtomicLong();

    public MembershipPublisher(Pool pool, Outbox outbox, OutboxWriter writer, Vertx vertx, NotifierConfig config,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.idlePoll = config.idlePoll();
        // A group whose resource acts is held until the hold after its first unpublished change (or the action's end,
        // which makes it due at once: MembershipHandler).
        String heldUntil = "g.dirty_since + interval '" + config.membershipHold().toMillis() + " milliseconds'";
        this.outbox = outbox;
        this.writer = writer;
        // The members as MembershipChanged lists them: a template-resource member (memberStackId) with its stack's
        // outputs, once they exist (member_stack, see MembershipHandler), and without the stack id.
        this.claim = "select g.group_stack_id, g.group_name, g.tenant, g.generation,"
                + " coalesce(g.root_stack_id, g.group_stack_id) as tree,"
                + " (select coalesce(jsonb_object_agg(e.key, case when e.value->>'memberStackId' is null then e.value"
                + " else (e.value - 'memberStackId') || jsonb_build_object('outputs', s.outputs) end), '{}')"
                + " from jsonb_each(g.members) e left join " + schema + ".member_stack s"
                + " on s.stack_id = e.value->>'memberStackId'"
                + " where e.value->>'memberStackId' is null or s.outputs is not null)::text as members,"
                + " g.published::text as published from " + schema + ".membership_group g where g.due_at <= $1"
                + " and (not g.acting or " + heldUntil + " <= $1)"
                + " order by g.due_at limit " + BATCH + " for update of g skip locked";
        // The row is locked since the claim: $4 is what it listed (bound as text: a String bound as jsonb would be
        // sent as a JSON string).
        this.markPublished = "update " + schema + ".membership_group set published = cast(cast($4 as text) as jsonb),"
                + " generation = $3, dirty_since = null, due_at = null where group_stack_id = $1 and group_name = $2";
        this.nextDue = "select min(case when g.acting then greatest(g.due_at, " + heldUntil + ") else g.due_at end)"
                + " as next from " + schema + ".membership_group g where g.due_at is not null";
        this.loop = new ContextLoop<>("membership publisher", vertx, this::runOnce, delay -> delay, FAILURE_DELAY);
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Asks for a step now (a consumed batch changed groups). Safe from any thread. */
    public void wakeUp() {
        wakeUps.incrementAndGet();
        loop.wakeUp();
    }

    /** How many times it was asked for a step (tests see that events changing no group do not ask). */
    long wakeUps() {
        return wakeUps.get();
    }

    /** Publishes the groups that are due; how long to sleep before the next step. */
    Uni<Duration> runOnce() {
        return DueRows.step(pool, claim, nextDue, idlePoll, (connection, due, now) -> publish(connection, due), null);
    }

    private Uni<Void> publish(SqlConnection connection, List<Row> due) {
        List<OutboxEvent> events = new ArrayList<>();
        List<Tuple> marks = new ArrayList<>();
        for (Row group : due) {
            String stackId = group.getString("group_stack_id");
            String groupName = group.getString("group_name");
            Map<String, Member> members = HearthJson.read(group.getString("members"), MEMBERS);
            Map<String, Member> published = HearthJson.read(group.getString("published"), MEMBERS);
            long generation = group.getLong("generation");
            if (!members.equals(published)) {
                generation++;
                List<Member> list = members.values().stream()
                        .sorted(Comparator.comparing(Member::resourceName, Comparator.nullsFirst(Comparator
                                .naturalOrder())).thenComparing(Member::serverId))
                        .toList();
                List<String> joined = list.stream().map(Member::serverId)
                        .filter(id -> !published.containsKey(id)).toList();
                List<String> left = published.keySet().stream().filter(id -> !members.containsKey(id)).sorted()
                        .toList();
                // keyed by the group's stack tree: deployment-service's replica owning the tree reads it
                events.add(outbox.row("membership", group.getString("tree"), stackId, new MembershipChanged(stackId,
                        group.getString("tenant"), groupName, generation, list, joined, left)));
            }
            marks.add(Tuple.of(stackId, groupName, generation, group.getString("members")));
        }
        return writer.write(connection, events)
                .chain(() -> connection.preparedQuery(markPublished).executeBatch(marks))
                .replaceWithVoid();
    }
}
