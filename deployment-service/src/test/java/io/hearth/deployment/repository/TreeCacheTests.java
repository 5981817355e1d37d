package io.hearth.deployment.repository;

import static io.hearth.deployment.repository.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A stack's deployments and its servers' metadata rows are part of its state in the tree cache: a transaction that
 * locks the stack holds them from memory while the stack's stored version is the one cached, and a change of a
 * deployment or of a server row raises that version, so no copy of the stack kept anywhere is taken for current after
 * it (real PostgreSQL).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TreeCacheTests {

    @Inject
    StackRuntimeRepository stacks;

    @Inject
    SoftwareDeploymentRepository deployments;

    @Inject
    ServerMetadataRepository servers;

    @Inject
    DeploymentRows apiRows;

    @Inject
    Pool pool;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @Test
    void aCachedStacksDeploymentsAreHeldFromMemoryWithTheStack() {
        SoftwareDeployment d = storedWithItsStack();
        // a write that goes around the engine and raises no version: only a copy in memory can still say IN_PROGRESS
        db.execute("update software_deployment set status = 'COMPLETE' where id = '" + d.id + "'");
        String held = inTransaction(() -> stacks.load(UUID.fromString(d.stackId))
                .chain(() -> deployments.lock(d.id)).map(locked -> locked.status));
        assertThat(held).isEqualTo("IN_PROGRESS");
    }

    @Test
    void aDeploymentChangedWithItsStackHeldRaisesTheVersionAndIsCachedChanged() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        long before = version(stackId);
        inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id))
                .invoke(locked -> locked.status = "COMPLETE"));
        assertThat(version(stackId)).isEqualTo(before + 1);
        db.execute("update software_deployment set status_reason = 'around the engine' where id = '" + d.id + "'");
        String held = inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id))
                .map(locked -> locked.status + " " + locked.statusReason));
        assertThat(held).as("the next step takes the stack's deployments, as changed, from the cache")
                .isEqualTo("COMPLETE null");
    }

    @Test
    void aDeploymentChangedWithoutItsStackRaisesTheStacksVersionAndTheNextStepReadsItAgain() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        long before = version(stackId);
        // a hook's progress, say: the deployment alone, in a transaction that does not hold its stack
        inTransaction(() -> deployments.lock(d.id).invoke(locked -> locked.status = "FAILED"));
        assertThat(version(stackId)).isEqualTo(before + 1);
        String held = inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id))
                .map(locked -> locked.status));
        assertThat(held).isEqualTo("FAILED");
    }

    @Test
    void aDeploymentDeletedWithoutItsStackIsGoneFromTheNextStep() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        inTransaction(() -> deployments.find(d.id).chain(found -> deployments.delete(found)));
        SoftwareDeployment held = inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id)));
        assertThat(held).isNull();
    }

    @Test
    void aTransactionThatFailsLeavesTheCachedDeploymentsAsTheyWere() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        assertThatThrownBy(() -> inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id))
                .invoke(locked -> locked.status = "COMPLETE")
                .chain(() -> Uni.createFrom().failure(new IllegalStateException("the step failed")))))
                .hasRootCauseMessage("the step failed");
        String held = inTransaction(() -> stacks.load(stackId).chain(() -> deployments.lock(d.id))
                .map(locked -> locked.status));
        assertThat(held).isEqualTo("IN_PROGRESS");
    }

    @Test
    void aCachedStacksServerRowsAreHeldFromMemoryWithTheStack() {
        SoftwareDeployment d = storedWithItsStack();
        // around the engine, no version raised: only a copy in memory can still say generation 1
        db.execute("update server_metadata set generation = 99 where server_id = '" + d.serverId + "'");
        Long held = inTransaction(() -> stacks.load(UUID.fromString(d.stackId))
                .chain(() -> servers.lock(d.serverId)).map(row -> row.generation));
        assertThat(held).isEqualTo(1L);
    }

    @Test
    void aServerRowChangedWithoutItsStackRaisesTheStacksVersionAndTheNextStepReadsItAgain() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        long before = version(stackId);
        // another tree's deployment on this server, say: the server row alone, locked after its stack's row
        inTransaction(() -> servers.lock(d.serverId).invoke(row -> row.generation = 5));
        assertThat(version(stackId)).isEqualTo(before + 1);
        Long held = inTransaction(() -> stacks.load(stackId).chain(() -> servers.lock(d.serverId))
                .map(row -> row.generation));
        assertThat(held).isEqualTo(5L);
    }

    @Test
    void theDeploymentsApisClaimOfAStacksServerRaisesTheStacksVersion() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        long before = version(stackId);
        pool.withTransaction(connection -> apiRows.claimServers(connection, Map.of(d.serverId, "demo"))
                .invoke(claimed -> {
                    claimed.get(d.serverId).generation = 7;
                    claimed.get(d.serverId).updatedAt = Instant.now();
                })
                .chain(claimed -> apiRows.updateServers(connection, claimed.values())))
                .await().atMost(Duration.ofSeconds(30));
        assertThat(version(stackId)).isEqualTo(before + 1);
        Long held = inTransaction(() -> stacks.load(stackId).chain(() -> servers.lock(d.serverId))
                .map(row -> row.generation));
        assertThat(held).as("the engine's next step reads the server row the API changed").isEqualTo(7L);
    }

    @Test
    void aStackDeletingItsServerTakesItsRowFromMemoryAndTheRowIsGone() {
        SoftwareDeployment d = storedWithItsStack();
        UUID stackId = UUID.fromString(d.stackId);
        inTransaction(() -> stacks.load(stackId).chain(() -> servers.lock(d.serverId)).chain(servers::delete));
        assertThat(db.queryLong("select count(*) from server_metadata where server_id = ?", d.serverId)).isZero();
        ServerMetadataRow held = inTransaction(() -> stacks.load(stackId).chain(() -> servers.lock(d.serverId)));
        assertThat(held).isNull();
    }

    private long version(UUID stackId) {
        return db.queryLong("select version from stack_runtime where id = ?", stackId);
    }

    /**
     * A stack, a server of it (its metadata row, at generation 1) and a deployment of it on that server, IN_PROGRESS,
     * made in one committed transaction (as the engine's create).
     */
    private SoftwareDeployment storedWithItsStack() {
        Instant now = Instant.now();
        StackRuntime stack = TestStacks.stack(Status.IN_PROGRESS);
        SoftwareDeployment d = TestStacks.deployment(stack.id.toString());
        ServerMetadataRow server = new ServerMetadataRow();
        server.serverId = d.serverId;
        server.tenant = "demo";
        server.stackId = d.stackId;
        server.generation = 1;
        server.updatedAt = now;
        inTransaction(() -> stacks.insert(stack).chain(() -> deployments.insert(d))
                .chain(() -> servers.insert(server)));
        return d;
    }
}
