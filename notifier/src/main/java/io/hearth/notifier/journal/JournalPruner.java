package io.hearth.notifier.journal;

import io.hearth.notifier.config.NotifierConfig;
import io.hearth.platform.outbox.ContextLoop;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Prunes journal events older than {@code hearth.notifier.journal.retention}, every
 * {@code hearth.notifier.journal.prune-interval} (each replica; a delete of what another already deleted deletes
 * nothing). The stacks stay known: a stack's stream is not refused because it was quiet for a day.
 */
@ApplicationScoped
public class JournalPruner {

    private final Pool pool;
    private final NotifierConfig.Journal config;
    private final String prune;
    private final ContextLoop<Integer> loop;

    public JournalPruner(Pool pool, NotifierConfig config, Vertx vertx,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.config = config.journal();
        this.prune = "delete from " + schema + ".client_event where recorded_at < $1";
        this.loop = new ContextLoop<>("journal pruner", vertx, this::prune,
                pruned -> this.config.pruneInterval(), this.config.pruneInterval());
    }

    void onStart(@Observes StartupEvent event) {
        loop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Deletes the events past the retention; how many. */
    public Uni<Integer> prune() {
        OffsetDateTime cutoff = OffsetDateTime.now(ZoneOffset.UTC).minus(config.retention());
        return pool.preparedQuery(prune).execute(Tuple.of(cutoff)).map(rows -> rows.rowCount());
    }
}
