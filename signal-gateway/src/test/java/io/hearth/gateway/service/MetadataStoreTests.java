package io.hearth.gateway.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MetadataStoreTests {

    private final MetadataStore store = new MetadataStore();

    @Test
    void keepsTheNewestDocumentAndIndexesItsDeployments() {
        apply("s1", 2, "{\"id\": \"d1\", \"generation\": 4, \"inputs\": [{\"name\": \"deploy_action\", \"value\": \"CREATE\"},"
                + " {\"name\": \"deploy_stack_id\", \"value\": \"wp/stack-9\"},"
                + " {\"name\": \"deploy_resource_name\", \"value\": \"db_deployment\"}]}");
        DeploymentRef d1 = new DeploymentRef("d1", "s1", "stack-9", "CREATE", 4, "demo", "wp", "db_deployment");
        assertThat(store.deployment("d1")).isEqualTo(d1);
        // Heat's resource signal names the stack (by name or id) and the resource, within a tenant.
        assertThat(store.deploymentOfResource("demo", "wp", "db_deployment")).isEqualTo(d1);
        assertThat(store.deploymentOfResource("demo", "stack-9", "db_deployment")).isEqualTo(d1);
        assertThat(store.deploymentOfResource("other", "wp", "db_deployment")).isNull();
        assertThat(store.deploymentOfResource("demo", "wp", "app_deployment")).isNull();

        apply("s1", 1, "{\"id\": \"d-old\"}");
        assertThat(store.server("s1").generation()).isEqualTo(2);
        assertThat(store.deployment("d-old")).isNull();

        apply("s1", 3, "{\"id\": \"d2\"}");
        assertThat(store.deployment("d1")).isNull();
        assertThat(store.deployment("d2")).isEqualTo(new DeploymentRef("d2", "s1", "stack-1", null, 0, "demo", null, null));
        JsonNode body = HearthJson.readTree(new String(store.server("s1").body()));
        assertThat(body.get("generation").asLong()).isEqualTo(3);
        assertThat(body.get("deployments").get(0).get("id").asText()).isEqualTo("d2");
    }

    @Test
    void wakesWaitersOnceOnANewerDocumentOrADeletion() {
        apply("s1", 1, "{\"id\": \"d1\"}");
        AtomicInteger woken = new AtomicInteger();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isTrue();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isTrue();
        assertThat(store.awaitNewer("s1", 1, 2, woken::incrementAndGet)).isFalse();
        apply("s1", 1, "{\"id\": \"d1\"}");
        assertThat(woken).hasValue(0);

        apply("s1", 2, "{\"id\": \"d1\"}");
        assertThat(woken).hasValue(2);
        assertThat(store.waiting("s1")).isZero();

        // Already newer than what the caller has: called at once.
        store.awaitNewer("s1", 1, 2, woken::incrementAndGet);
        assertThat(woken).hasValue(3);

        store.awaitNewer("s1", 2, 2, woken::incrementAndGet);
        store.delete("s1");
        assertThat(woken).hasValue(4);
        assertThat(store.server("s1").deleted()).isTrue();
        assertThat(store.deployment("d1")).isNull();
    }

    private void apply(String serverId, long generation, String item) {
        JsonNode data = HearthJson.readTree("{\"serverId\": \"" + serverId + "\", \"stackId\": \"stack-1\", \"tenant\": \"demo\", \"generation\": "
                + generation + ", \"deployments\": [" + item + "]}");
        MetadataDocuments.Parsed parsed = MetadataDocuments.parse(serverId, data);
        store.apply(parsed.document(), parsed.refs());
    }
}
