package io.hearth.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Loops started side by side from a non-Vert.x thread (as the relay and the cleanups are at
 * application start) run their transactions concurrently without interfering.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ContextLoopTests {

    @Inject
    Vertx vertx;

    @Test
    void concurrentLoopsRunTheirTransactionsWithoutSharingASession() {
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        ContextLoop<Long> first = loop(runs, failures);
        ContextLoop<Long> second = loop(runs, failures);
        first.start();
        second.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> runs.get() >= 400 || failures.get() > 0);
        } finally {
            first.stop();
            second.stop();
        }
        assertThat(failures.get()).as("failed transactions").isZero();
    }

    private ContextLoop<Long> loop(AtomicInteger runs, AtomicInteger failures) {
        return new ContextLoop<>("test loop", vertx,
                () -> Panache.withTransaction(() -> OutboxEvent.count())
                        .invoke(runs::incrementAndGet)
                        .onFailure().invoke(failures::incrementAndGet),
                count -> Duration.ZERO, Duration.ofMillis(10));
    }
}
