package io.hearth.deployment.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link StackEngine#each}: the engine's steps over a stack's resources, one after the other. */
class StackEngineEachTests {

    @Test
    void runsEveryStepInOrderWithoutNestingStepsThatCompleteAtOnce() {
        // Steps that complete at once, as most do inside a Hibernate session: chained with Uni.chain,
        // 100,000 of them overflowed the stack (a stack of 1,000 servers did on an event loop).
        List<Integer> items = IntStream.range(0, 100_000).boxed().toList();
        List<Integer> seen = new ArrayList<>();
        StackEngine.each(items, item -> {
            seen.add(item);
            return Uni.createFrom().voidItem();
        }).await().indefinitely();
        assertThat(seen).isEqualTo(items);
    }

    @Test
    void stopsAtTheFirstFailingStep() {
        List<Integer> seen = new ArrayList<>();
        Uni<Void> run = StackEngine.each(List.of(1, 2, 3), item -> {
            seen.add(item);
            return item == 2 ? Uni.createFrom().failure(new IllegalStateException("step " + item))
                    : Uni.createFrom().voidItem();
        });
        assertThat(run.onFailure().recoverWithItem(() -> null).await().indefinitely()).isNull();
        assertThat(seen).containsExactly(1, 2);
    }
}
