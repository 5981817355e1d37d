package io.hearth.deployment.repository;

import static io.hearth.deployment.repository.Transactions.inTransaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Deployments and server rows as a transaction holds them (plain objects, no ORM): one object per row, what changed
 * written before a list query and at the commit, nothing written by a transaction that fails.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class SoftwareDeploymentRepositoryTests {

    @Inject
    SoftwareDeploymentRepository deployments;

    @Inject
    ServerMetadataRepository servers;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @Test
    void aRowReadAgainIsTheObjectTheTransactionChangedAndItsChangeIsStoredAtTheCommit() {
        SoftwareDeployment stored = stored();
        inTransaction(() -> deployments.lock(stored.id).chain(d -> {
            d.status = "COMPLETE";
            d.outputValues = "{\"result\": 42}";
            return deployments.find(stored.id).invoke(again -> assertThat(again).isSameAs(d))
                    .chain(() -> deployments.ofResource(stored.stackId, stored.resourceName))
                    .invoke(listed -> assertThat(listed).singleElement().isSameAs(d));
        }));
        assertThat(db.queryString("select status from software_deployment where id = ?", stored.id))
                .isEqualTo("COMPLETE");
        assertThat(db.queryString("select output_values->>'result' from software_deployment where id = ?",
                stored.id)).isEqualTo("42");
        assertThat(db.queryString("select input_values::text from software_deployment where id = ?", stored.id))
                .as("a JSON column the step did not change keeps its value").isEqualTo("{\"a\": 1}");
    }

    @Test
    void aListQuerySeesWhatTheTransactionChangedBeforeItCommits() {
        SoftwareDeployment stored = stored();
        String server = stored.serverId;
        inTransaction(() -> deployments.lock(stored.id).chain(d -> {
            d.serverId = server + "-moved";
            return deployments.ofTenant("demo", server + "-moved")
                    .invoke(found -> assertThat(found).extracting(x -> x.id).containsExactly(stored.id))
                    .chain(() -> deployments.count(List.of(stored.id)))
                    .invoke(count -> assertThat(count).isEqualTo(1L));
        }));
    }

    @Test
    void aRowReadWithoutALockIsReadAgainWhenLockedAndSeesWhatAnotherTransactionCommittedMeanwhile() {
        SoftwareDeployment stored = stored();
        String status = inTransaction(() -> deployments.find(stored.id)
                // another transaction (a plain JDBC statement, committed at once) changes the row meanwhile
                .invoke(d -> db.execute("update software_deployment set status = 'COMPLETE' where id = '"
                        + stored.id + "'"))
                .chain(d -> deployments.lock(stored.id).invoke(locked -> assertThat(locked).isSameAs(d)))
                .map(locked -> locked.status));
        assertThat(status).isEqualTo("COMPLETE");
    }

    @Test
    void aTransactionThatFailsWritesNothing() {
        SoftwareDeployment stored = stored();
        String signalled = UUID.randomUUID().toString();
        assertThatThrownBy(() -> inTransaction(() -> deployments.lock(stored.id).chain(d -> {
            d.status = "FAILED";
            return deployments.insertSignal(signal(signalled))
                    .chain(() -> Uni.createFrom().failure(new IllegalStateException("the step failed")));
        }))).hasRootCauseMessage("the step failed");
        assertThat(db.queryString("select status from software_deployment where id = ?", stored.id))
                .isEqualTo("IN_PROGRESS");
        assertThat(db.queryLong("select count(*) from deployment_signal where deployment_id = ?", signalled))
                .isZero();
    }

    @Test
    void deploymentsDeletedInATransactionAreGoneForItAtOnceAndFromTheTableAtItsCommit() {
        SoftwareDeployment first = stored();
        SoftwareDeployment second = stored();
        inTransaction(() -> deployments.lock(first.id).chain(deployments::delete)
                .chain(() -> deployments.find(first.id)).invoke(gone -> assertThat(gone).isNull())
                .chain(() -> deployments.lock(second.id)).chain(deployments::delete)
                .chain(() -> deployments.count(List.of(first.id, second.id)))
                .invoke(count -> assertThat(count).as("a count runs after the deletes are written").isZero()));
        assertThat(db.queryLong("select count(*) from software_deployment where id in (?, ?)", first.id, second.id))
                .isZero();
    }

    @Test
    void aServersRowMadeInTheTransactionIsFoundLockedAndStoredOnce() {
        String serverId = "srv-" + UUID.randomUUID();
        inTransaction(() -> {
            ServerMetadataRow row = new ServerMetadataRow();
            row.serverId = serverId;
            row.tenant = "demo";
            row.updatedAt = Instant.now();
            return servers.insert(row).chain(() -> servers.lock(serverId)).invoke(locked -> {
                assertThat(locked).isSameAs(row);
                locked.generation = 3;
                locked.documentBytes = 120;
            }).chain(() -> deployments.insertSignal(signal(serverId)))
                    .chain(() -> deployments.signals(serverId))
                    .invoke(recorded -> assertThat(recorded).extracting(s -> s.outcome).containsExactly("APPLIED"));
        });
        assertThat(db.queryString("select generation || ' ' || document_bytes from server_metadata"
                + " where server_id = ?", serverId)).isEqualTo("3 120");
        inTransaction(() -> servers.lock(serverId).chain(row -> servers.delete(row))
                .chain(() -> servers.find(serverId)).invoke(gone -> assertThat(gone).isNull()));
        assertThat(db.queryLong("select count(*) from server_metadata where server_id = ?", serverId)).isZero();
    }

    @Test
    void theDeploymentsNamingAServerAreThoseTheTransactionSeesThoughNoneOfItsChangesIsWrittenYet() {
        SoftwareDeployment kept = stored();
        SoftwareDeployment deleted = stored();
        deleted.serverId = kept.serverId;
        inTransaction(() -> deployments.lock(deleted.id).invoke(d -> d.serverId = kept.serverId));
        SoftwareDeployment added = TestStacks.deployment(UUID.randomUUID().toString());
        added.serverId = kept.serverId;
        inTransaction(() -> deployments.lock(deleted.id).chain(deployments::delete)
                .chain(() -> deployments.insert(added))
                .chain(() -> deployments.onServer(kept.serverId))
                .invoke(naming -> {
                    assertThat(naming).extracting(d -> d.id).containsExactlyInAnyOrder(kept.id, added.id);
                    assertThat(db.queryLong("select count(*) from software_deployment where id = ?", deleted.id))
                            .as("the delete is not written before the commit").isOne();
                }));
        assertThat(db.queryLong("select count(*) from software_deployment where server_id = ?", kept.serverId))
                .isEqualTo(2);
    }

    /** A deployment of a stack's resource, IN_PROGRESS, committed. */
    private SoftwareDeployment stored() {
        SoftwareDeployment d = TestStacks.deployment(UUID.randomUUID().toString());
        inTransaction(() -> deployments.insert(d));
        return d;
    }

    private static DeploymentSignal signal(String deploymentId) {
        DeploymentSignal signal = new DeploymentSignal();
        signal.id = UUID.randomUUID();
        signal.deploymentId = deploymentId;
        signal.action = "CREATE";
        signal.generation = 1;
        signal.outcome = "APPLIED";
        signal.receivedAt = Instant.now();
        return signal;
    }
}
