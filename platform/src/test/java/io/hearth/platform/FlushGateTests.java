package io.hearth.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.messaging.IsolatedWork;
import io.hearth.platform.testapp.WidgetProjection;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Sessions that delete rows of one entity type at the same time, as two stacks deleted side by side do in
 * deployment-service. Hibernate Reactive 3.4 shares one delete coordinator per entity type between sessions, so
 * without {@link FlushGate} one of these transactions could wait forever for its delete (checked by hand: with the
 * flush ungated, this test hangs).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class FlushGateTests {

    private final TestDatabase db = TestDatabase.schema("eventing_test");

    @Inject
    Vertx vertx;

    @Test
    void sessionsDeletingRowsOfOneTypeAtOnceAllCommit() throws Exception {
        String mark = "gate-" + System.nanoTime();
        for (int i = 0; i < 8; i++) {
            db.execute("insert into widget_projection (event_id, name) values ('" + mark + "-" + i + "', '" + mark + "')");
        }
        List<Long> ids = IntStream.range(0, 8)
                .mapToObj(i -> db.queryLong("select id from widget_projection where event_id = ?", mark + "-" + i))
                .toList();

        CompletableFuture<Void> all = new CompletableFuture<>();
        vertx.getOrCreateContext().runOnContext(v -> Uni.join().all(ids.stream().map(this::deleteAlone).toList())
                .andFailFast().subscribe().with(done -> all.complete(null), all::completeExceptionally));
        all.get(30, TimeUnit.SECONDS);

        assertThat(db.queryLong("select count(*) from widget_projection where name = ?", mark)).isZero();
    }

    /** One transaction, on a context (and so a session) of its own, deleting one row and writing it through the gate. */
    private Uni<Void> deleteAlone(Long id) {
        return IsolatedWork.run(() -> Panache.withTransaction(() -> WidgetProjection.<WidgetProjection>findById(id)
                .chain(row -> row.delete())
                .chain(() -> Panache.getSession().chain(FlushGate::flush))));
    }
}
