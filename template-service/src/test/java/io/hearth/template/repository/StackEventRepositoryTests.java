package io.hearth.template.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A batch's history written with one statement at the commit: in the events' order, after the stack they belong to
 * (made in the same transaction), and not at all when the transaction fails.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackEventRepositoryTests {

    @Inject
    StackEventRepository history;

    private final TestDatabase db = TestDatabase.schema("template");

    @Test
    void eventsAppendedTogetherAreNumberedInTheirOrderAfterTheStackMadeInTheSameTransaction() {
        Stack stack = stack();
        List<StackEvent> events = IntStream.range(0, 5).mapToObj(i -> event(stack.id, "r" + i)).toList();
        // the events are handed over before the stack is persisted: the append waits for the transaction's last flush
        inTransaction(() -> history.appendAtCommit(events).chain(() -> stack.persist()));
        assertThat(db.queryString("select string_agg(resource_name, ',' order by seq) from stack_event"
                + " where stack_id = ?", stack.id)).isEqualTo("r0,r1,r2,r3,r4");
    }

    @Test
    void aTransactionThatFailsWritesNoEvent() {
        Stack stack = stack();
        inTransaction(() -> stack.persist());
        assertThatThrownBy(() -> inTransaction(() -> history.appendAtCommit(List.of(event(stack.id, "lost")))
                .chain(() -> Uni.createFrom().failure(new IllegalStateException("the step fails")))))
                .hasRootCauseMessage("the step fails");
        inTransaction(() -> history.appendAtCommit(List.of(event(stack.id, "kept"))));
        assertThat(db.queryString("select string_agg(resource_name, ',' order by seq) from stack_event"
                + " where stack_id = ?", stack.id)).isEqualTo("kept");
    }

    private static Stack stack() {
        Stack stack = new Stack();
        stack.id = UUID.randomUUID();
        stack.tenant = "demo";
        stack.name = "s-" + stack.id;
        stack.template = "{}";
        stack.parameters = "{}";
        stack.action = Action.CREATE;
        stack.status = Status.IN_PROGRESS;
        stack.statusReason = "";
        stack.createdAt = Instant.now();
        return stack;
    }

    private static StackEvent event(UUID stackId, String resourceName) {
        StackEvent event = new StackEvent();
        event.id = UUID.randomUUID();
        event.stackId = stackId;
        event.resourceName = resourceName;
        event.resourceType = "OS::Heat::None";
        event.action = "CREATE";
        event.status = "COMPLETE";
        event.statusReason = "state changed";
        event.eventTime = Instant.now();
        return event;
    }

    private static <T> T inTransaction(Supplier<Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
