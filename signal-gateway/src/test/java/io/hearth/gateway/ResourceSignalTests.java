package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Heat's resource signal ({@code POST /v1/{tenant}/stacks/{name}[/{id}]/resources/{resource}/signal}, with
 * the tenant's token): the deployment of that resource is signalled like the agent signals it.
 */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class ResourceSignalTests {

    @Inject
    MetadataStore store;

    @Test
    void aTenantSignalsItsStacksDeploymentResourceByStackIdOrNameAndNobodyElseCan() throws Exception {
        GatewayKafka kafka = GatewayKafka.get();
        String stackId = UUID.randomUUID().toString();
        String deploymentId = UUID.randomUUID().toString();
        DeploymentItem item = GatewayKafka.item(deploymentId, "wp", stackId, "CREATE", 2);
        List<DeploymentInput> inputs = new ArrayList<>(item.inputs());
        inputs.add(new DeploymentInput("deploy_resource_name", "String", TextNode.valueOf("db_deployment"), null));
        kafka.metadata(new ServerMetadata(UUID.randomUUID().toString(), stackId, "demo", 1, List.of(new DeploymentItem(
                item.id(), item.name(), item.group(), item.config(), inputs, item.outputs(), item.options(),
                item.creationTime(), item.generation()))));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.deployment(deploymentId) != null);

        given().header("X-Auth-Token", "hearth-dev-token").contentType("application/json")
                .body("{\"deploy_status_code\": 0, \"result\": \"by hand\"}")
                .post("/v1/demo/stacks/wp/" + stackId + "/resources/db_deployment/signal").then().statusCode(200)
                .body("deployment_id", equalTo(deploymentId)).body("action", equalTo("CREATE"))
                .body("generation", equalTo(2));
        DeploymentSignalled signal = kafka.awaitOne(Topics.SIGNALS, p -> DeploymentSignalled.TYPE.equals(p.event().type())
                && deploymentId.equals(p.data().path("deploymentId").asText())).event().dataAs(DeploymentSignalled.class);
        assertThat(signal.stackId()).isEqualTo(stackId);
        assertThat(signal.outputs().get("result").asText()).isEqualTo("by hand");

        // By stack name, as `heat resource-signal wp db_deployment` calls it.
        given().header("X-Auth-Token", "hearth-dev-token").contentType("application/json").body("{}")
                .post("/v1/demo/stacks/wp/resources/db_deployment/signal").then().statusCode(200);
        // heatclient's resources.signal without data sends a JSON null: Heat takes it as no details.
        given().header("X-Auth-Token", "hearth-dev-token").contentType("application/json").body("null")
                .post("/v1/demo/stacks/" + stackId + "/resources/db_deployment/signal").then().statusCode(200);
        // No token, another tenant's token on this tenant, another tenant's path, another resource.
        given().contentType("application/json").body("{}")
                .post("/v1/demo/stacks/wp/resources/db_deployment/signal").then().statusCode(401);
        given().header("X-Auth-Token", "other-token").contentType("application/json").body("{}")
                .post("/v1/demo/stacks/wp/resources/db_deployment/signal").then().statusCode(403);
        given().header("X-Auth-Token", "other-token").contentType("application/json").body("{}")
                .post("/v1/other/stacks/wp/resources/db_deployment/signal").then().statusCode(404);
        given().header("X-Auth-Token", "hearth-dev-token").contentType("application/json").body("{}")
                .post("/v1/demo/stacks/wp/resources/app_deployment/signal").then().statusCode(404);
        given().header("X-Auth-Token", "hearth-dev-token").contentType("application/json").body("[1]")
                .post("/v1/demo/stacks/wp/resources/db_deployment/signal").then().statusCode(400);
    }
}
