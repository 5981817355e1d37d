package io.hearth.notifier.alarms;

import io.hearth.notifier.config.NotifierConfig;
import io.hearth.platform.outbox.ContextLoop;
import io.hearth.platform.outbox.DueRows;
import io.hearth.platform.sql.ColumnArrays;
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
import io.hearth.notifier.webhook.ReceiverPost;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The durable timer that POSTs alarm actions through {@link ReceiverPost} (the same rule as webhooks: public
 * receivers only unless the operator allows one or the URL is a pre-signed one of the system's own signal-gateway,
 * a ScalingPolicy's {@code alarm_url}; no redirects; bounded time), as Aodh's REST notifier does ({@code Content-Type: application/json},
 * the alarm's name, id, previous and current state, reason): a step claims the actions that are due with {@code FOR
 * UPDATE SKIP LOCKED}, POSTs them at once, and in the same transaction deletes each one answered 2xx and puts each
 * other one off (the backoff doubling from {@code hearth.notifier.alarms.action-backoff}, at most a minute) until its
 * last try, after which it is dropped with a warning. An action survives a killed notifier; one whose answer was lost
 * with it is POSTed again (at least once: a ScalingPolicy's cooldown absorbs a repeat). Woken by the evaluator when it
 * wrote actions; otherwise it sleeps until the earliest retry, at most {@code hearth.notifier.idle-poll}.
 */
@ApplicationScoped
public class AlarmActions {

    private static final Logger LOG = Logger.getLogger(AlarmActions.class);
    /** The wait after a failed step. */
    static final Duration FAILURE_DELAY = Duration.ofSeconds(1);
    static final int BATCH = 16;
    private static final Duration LONGEST_BACKOFF = Duration.ofMinutes(1);

    private final Pool pool;
    private final NotifierConfig.Alarms config;
    private final ReceiverPost post;
    private final ContextLoop<Duration> loop;
    private final Duration idlePoll;
    private final String claim;
    private final String done;
    private final String retry;
    private final String nextDue;

    public AlarmActions(Pool pool, NotifierConfig config, ReceiverPost post, Vertx vertx,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.config = config.alarms();
        this.idlePoll = config.idlePoll();
        this.post = post;
        this.claim = "select id, alarm_id, url, body::text as body, attempts from " + schema + ".alarm_action"
                + " where due_at <= $1 order by due_at, id limit " + BATCH + " for update skip locked";
        this.done = "delete from " + schema + ".alarm_action where id = $1";
        this.retry = "update " + schema + ".alarm_action set attempts = attempts + 1, due_at = $2 where id = $1";
        this.nextDue = "select min(due_at) as next from " + schema + ".alarm_action";
        this.loop = new ContextLoop<>("alarm actions", vertx, this::runOnce, delay -> delay, FAILURE_DELAY);
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Asks for a step now (actions were written). Safe from any thread. */
    public void wakeUp() {
        loop.wakeUp();
    }

    Uni<Duration> runOnce() {
        return DueRows.step(pool, claim, nextDue, idlePoll, (connection, due, now) -> send(connection, due), null);
    }

    private Uni<Void> send(SqlConnection connection, List<Row> due) {
        List<Uni<Tuple[]>> posts = due.stream().map(this::post).toList();
        return Uni.join().all(posts).andFailFast().chain(results -> {
            List<Tuple> deleted = new ArrayList<>();
            List<Tuple> retried = new ArrayList<>();
            results.forEach(result -> {
                if (result[0] != null) {
                    deleted.add(result[0]);
                } else {
                    retried.add(result[1]);
                }
            });
            Uni<Void> out = deleted.isEmpty() ? Uni.createFrom().voidItem()
                    : connection.preparedQuery(done).executeBatch(deleted).replaceWithVoid();
            return retried.isEmpty() ? out
                    : out.chain(() -> connection.preparedQuery(retry).executeBatch(retried).replaceWithVoid());
        });
    }

    /** POSTs one action: {delete, null} when it is done (answered 2xx, or given up), {null, retry} otherwise. */
    private Uni<Tuple[]> post(Row action) {
        long id = action.getLong("id");
        String url = action.getString("url");
        int attempt = action.getInteger("attempts") + 1;
        return post.post(url, true, Map.of("Content-Type", "application/json"),
                action.getString("body").getBytes(StandardCharsets.UTF_8), config.actionTimeout())
                .map(result -> result.delivered() ? null : result.reason())
                .map(problem -> {
                    if (problem == null) {
                        return new Tuple[] {Tuple.of(id), null};
                    }
                    if (attempt >= config.actionAttempts()) {
                        LOG.warnf("alarm %s: POST %s %s on try %d, the last; given up", action.getString("alarm_id"),
                                url, problem, attempt);
                        return new Tuple[] {Tuple.of(id), null};
                    }
                    LOG.infof("alarm %s: POST %s %s on try %d; retrying", action.getString("alarm_id"), url, problem,
                            attempt);
                    return new Tuple[] {null, Tuple.of(id, ColumnArrays.time(Instant.now().plus(backoff(attempt))))};
                });
    }

    private Duration backoff(int attempt) {
        Duration wait = config.actionBackoff().multipliedBy(1L << Math.min(attempt - 1, 16));
        return wait.compareTo(LONGEST_BACKOFF) > 0 ? LONGEST_BACKOFF : wait;
    }
}
