package io.hearth.contracts.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerMetadataAssemblyTests {

    private final ServerMetadataAssembly<DeploymentItem> assembly = ServerMetadataAssembly.ofDeploymentItems();

    @Test
    void itemsAreListedByConfigNameThenCreationThenDeploymentId() {
        part("s1", 1, null);
        item("s1", "d-b", 2, item("d-b", "zeta", "2026-01-01T00:00:02Z"));
        item("s1", "d-c", 3, item("d-c", "alpha", "2026-01-01T00:00:03Z"));
        item("s1", "d-a", 4, item("d-a", "zeta", "2026-01-01T00:00:01Z"));
        item("s1", "d-0", 5, item("d-0", "zeta", "2026-01-01T00:00:01Z"));

        var document = assembly.document("s1");
        assertThat(document.deployments()).extracting(DeploymentItem::deploymentId)
                .containsExactly("d-c", "d-0", "d-a", "d-b");
        assertThat(document.generation()).isEqualTo(5);
        assertThat(document.stackId()).isEqualTo("stack");
        assertThat(document.tenant()).isEqualTo("demo");
    }

    @Test
    void anOlderItemArrivingLateNeverReplacesANewerOneNorARemoval() {
        part("s1", 1, null);
        assertThat(item("s1", "d1", 4, item("d1", "c", "2026-01-01T00:00:00Z"))).isNotNull();
        assertThat(item("s1", "d1", 3, item("d1", "old", "2026-01-01T00:00:00Z"))).isNull();
        assertThat(assembly.document("s1").deployments()).extracting(DeploymentItem::name).containsExactly("c");

        assertThat(item("s1", "d1", 6, null)).isEqualTo(new ServerMetadataAssembly.Change("s1", "d1"));
        assertThat(item("s1", "d1", 5, item("d1", "c", "2026-01-01T00:00:00Z"))).isNull();
        assertThat(assembly.document("s1").deployments()).isEmpty();
        assertThat(assembly.document("s1").generation()).isEqualTo(6);
        // its tombstone forgets the entry; the generation stays
        assertThat(assembly.apply(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key("s1", "d1"), (String) null)).isNull();
        assertThat(assembly.document("s1").generation()).isEqualTo(6);
    }

    @Test
    void itemsBeforeTheirServersPartAreServedWithTheItemsServerAndAPartKeepsItsOwnOrder() {
        item("s1", "d1", 2, item("d1", "c", "2026-01-01T00:00:00Z"));
        assertThat(assembly.document("s1").stackId()).isEqualTo("stack");
        assertThat(part("s1", 3, "token")).isNotNull();
        assertThat(part("s1", 1, null)).isNull();
        assertThat(assembly.document("s1").check()).isEqualTo("token");
        assertThat(assembly.document("s1").deployments()).hasSize(1);
    }

    @Test
    void aWholeDocumentReplacesTheItemsOlderThanIt() {
        item("s1", "d1", 2, item("d1", "c", "2026-01-01T00:00:00Z"));
        item("s1", "d3", 9, item("d3", "e", "2026-01-01T00:00:00Z"));
        assembly.apply(Topics.SERVER_METADATA, "s1", CloudEvent.of("/test", "s1", new ServerMetadata("s1", "stack",
                "demo", 5, List.of(item("d2", "d", "2026-01-01T00:00:00Z")))).toJson());

        assertThat(assembly.document("s1").deployments()).extracting(DeploymentItem::deploymentId)
                .containsExactly("d2", "d3");
        assertThat(assembly.document("s1").generation()).isEqualTo(9);
    }

    @Test
    void aDeletedServerListsNothingTakesNoLateItemAndComesBackWithANewPart() {
        part("s1", 1, null);
        item("s1", "d1", 2, item("d1", "c", "2026-01-01T00:00:00Z"));
        assertThat(assembly.apply(Topics.SERVER_METADATA, "s1", (String) null))
                .isEqualTo(new ServerMetadataAssembly.Change("s1", null));
        assertThat(assembly.document("s1").deleted()).isTrue();
        assertThat(assembly.document("s1").deployments()).isEmpty();

        assertThat(item("s1", "d2", 3, item("d2", "c", "2026-01-01T00:00:00Z"))).isNull();
        assertThat(assembly.document("s1").deleted()).isTrue();

        part("s1", 1, null);
        assertThat(assembly.document("s1").deleted()).isFalse();
        assertThat(assembly.document("s1").generation()).isEqualTo(1);
        assertThat(assembly.document("unknown")).isNull();
    }

    private ServerMetadataAssembly.Change part(String server, long generation, String check) {
        return assembly.apply(Topics.SERVER_METADATA, server, CloudEvent.of("/test", server,
                new ServerMetadata(server, "stack", "demo", generation, List.of(), check)).toJson());
    }

    private ServerMetadataAssembly.Change item(String server, String deployment, long generation,
            DeploymentItem item) {
        return assembly.apply(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key(server, deployment), CloudEvent.of(
                "/test", server, new ServerDeployment(server, "stack", "demo", deployment, generation, item)).toJson());
    }

    private static DeploymentItem item(String deployment, String name, String created) {
        return new DeploymentItem("run-" + deployment, name, "script", null, List.of(), List.of(), null,
                Instant.parse(created), 1, null, deployment);
    }
}
