package io.hearth.deployment.repository;

import static io.hearth.deployment.repository.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.StatementLog;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Multi;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A run of signals for many stacks of a tree is one set (real PostgreSQL, the statements as it receives them,
 * {@link StatementLog}): its stacks are locked with one statement, each is then loaded from the tree cache without
 * a statement of its own, and what the run changed is written with one statement per table, however many stacks.
 */
@QuarkusTest
@WithTestResource(StatementLog.class)
class StackRunTests {

    private static final String MARK = "a run of five stacks";

    @Inject
    StackRuntimeRepository stacks;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @Test
    void aRunsStacksAreLockedInOneStatementAndWrittenInOne() {
        List<UUID> ids = IntStream.range(0, 5).mapToObj(i -> stored()).toList();
        // each committed by the transaction that made it: the tree cache holds it at its stored version
        inTransaction(() -> stacks.lock(ids)
                .chain(() -> Multi.createFrom().iterable(ids).onItem().transformToUniAndConcatenate(id -> stacks
                        .load(id).invoke(loaded -> loaded.stack().statusReason = MARK)).collect().asList())
                .chain(() -> stacks.release()));

        List<List<String>> written = StatementLog.transactions().stream().filter(t -> t.stream()
                .anyMatch(sql -> lower(sql).startsWith("update") && lower(sql).contains("stack_runtime"))).toList();
        List<String> run = written.get(written.size() - 1); // the last: the run's (the statements carry no values)
        assertThat(run).as("the run's statements:\n%s", String.join("\n", run))
                .filteredOn(sql -> lower(sql).contains("stack_runtime") && lower(sql).contains("for update"))
                .hasSize(1);
        assertThat(run).filteredOn(sql -> lower(sql).startsWith("update") && lower(sql).contains("stack_runtime"))
                .hasSize(1);
        assertThat(ids).allSatisfy(id -> assertThat(db.queryString(
                "select status_reason from stack_runtime where id = ?", id)).isEqualTo(MARK));
    }

    private static String lower(String sql) {
        return sql.strip().toLowerCase(Locale.ROOT);
    }

    /** A stack of its own tree, stored (as the engine's create). */
    private UUID stored() {
        StackRuntime stack = TestStacks.stack(Status.COMPLETE);
        inTransaction(() -> stacks.insert(stack));
        return stack.id;
    }
}
