package io.hearth.gateway.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MetadataStoreTests {

    private final MetadataStore store = new MetadataStore();

    @Test
    void keepsTheNewestItemOfEachDeploymentAndIndexesIt() {
        item("s1", "d1", 2, "{\"id\": \"run-1\", \"deployment_id\": \"d1\", \"generation\": 4, \"inputs\": ["
                + "{\"name\": \"deploy_action\", \"value\": \"CREATE\"},"
                + " {\"name\": \"deploy_stack_id\", \"value\": \"wp/stack-9\"},"
                + " {\"name\": \"deploy_resource_name\", \"value\": \"db_deployment\"}]}");
        DeploymentRef d1 = new DeploymentRef("d1", "s1", "stack-9", "CREATE", 4, "demo", "wp", "db_deployment");
        assertThat(store.deployment("d1")).isEqualTo(d1);
        // Heat's resource signal names the stack (by name or id) and the resource, within a tenant.
        assertThat(store.deploymentOfResource("demo", "wp", "db_deployment")).isEqualTo(d1);
        assertThat(store.deploymentOfResource("demo", "stack-9", "db_deployment")).isEqualTo(d1);
        assertThat(store.deploymentOfResource("other", "wp", "db_deployment")).isNull();
        assertThat(store.deploymentOfResource("demo", "wp", "app_deployment")).isNull();

        // an older record of the same deployment changes nothing
        assertThat(item("s1", "d1", 1, "{\"id\": \"run-0\", \"deployment_id\": \"d1\"}")).isNull();
        assertThat(store.server("s1").generation()).isEqualTo(2);
        assertThat(store.deployment("d1")).isEqualTo(d1);

        item("s1", "d2", 3, "{\"id\": \"run-2\", \"deployment_id\": \"d2\", \"name\": \"a\"}");
        item("s1", "d1", 4, null);
        assertThat(store.deployment("d1")).isNull();
        assertThat(store.deployment("d2")).isEqualTo(new DeploymentRef("d2", "s1", "stack-1", null, 0, "demo", null, null));
        JsonNode body = HearthJson.readTree(new String(store.server("s1").body()));
        assertThat(body.get("generation").asLong()).isEqualTo(4);
        assertThat(body.get("stack_id").asText()).isEqualTo("stack-1");
        assertThat(body.get("deployments")).hasSize(1);
        assertThat(body.get("deployments").get(0).get("id").asText()).isEqualTo("run-2");
    }

    @Test
    void wakesWaitersOnceOnANewerDocumentOrADeletion() {
        item("s1", "d1", 1, "{\"id\": \"d1\"}");
        AtomicInteger woken = new AtomicInteger();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isTrue();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isTrue();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isFalse();
        item("s1", "d1", 1, "{\"id\": \"d1\"}");
        assertThat(woken).hasValue(0);

        store.apply(Topics.SERVER_METADATA, "s1", CloudEvent.of("/hearth/deployment-service", "s1",
                new ServerMetadata("s1", "stack-1", "demo", 2, List.of(), "token")));
        assertThat(woken).hasValue(2);
        assertThat(store.waiting("s1")).isZero();
        assertThat(store.server("s1").check()).isEqualTo("token");
        assertThat(store.deployment("d1")).isNotNull();

        // Already newer than what the caller has: called at once.
        store.awaitNewer("s1", 1, 2, woken::incrementAndGet);
        assertThat(woken).hasValue(3);

        store.awaitNewer("s1", 2, 2, woken::incrementAndGet);
        store.apply(Topics.SERVER_METADATA, "s1", null);
        assertThat(woken).hasValue(4);
        assertThat(store.server("s1").deleted()).isTrue();
        assertThat(store.server("s1").body()).isNull();
        assertThat(store.deployment("d1")).isNull();
    }

    private String item(String serverId, String deploymentId, long generation, String item) {
        JsonNode data = HearthJson.readTree("{\"serverId\": \"" + serverId + "\", \"stackId\": \"stack-1\","
                + " \"tenant\": \"demo\", \"deploymentId\": \"" + deploymentId + "\", \"generation\": " + generation
                + ", \"item\": " + item + "}");
        return store.apply(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key(serverId, deploymentId),
                CloudEvent.of("/hearth/deployment-service", ServerDeployment.TYPE, serverId, data));
    }
}
