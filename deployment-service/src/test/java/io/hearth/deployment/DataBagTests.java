package io.hearth.deployment;

import static io.restassured.RestAssured.given;
import static io.hearth.deployment.ServerMetadataFeed.input;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The data bag (docs/contextualization.md) over the real topics and database: a hook's published facts and an
 * operator's compare-and-set writes reach the deployments that read them, which are contextualized.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class DataBagTests {

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            parameters:
              prefix: {type: string}
            resources:
              bag:
                type: OS::Hearth::DataBag
                properties: {facts: {cluster: alpha}}
              config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: key}, {name: cluster}]
                  config: "echo $key $cluster"
              head:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, head]]}
              reader:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, reader]]}
                  signal_transport: NO_SIGNAL
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values:
                    key: {get_attr: [bag, munge_key]}
                    cluster: {get_attr: [bag, cluster]}
            outputs:
              facts: {value: {get_attr: [bag]}}
            """;

    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    @RegisterExtension
    final DeploymentAgent agent = new DeploymentAgent();

    @Test
    void publishedFactsAndOperatorWritesRecontextualizeTheirReaders() {
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        driver.create(id, planner.plan(new TemplateReader().readTemplate(TEMPLATE).document(), null,
                Map.of("prefix", TextNode.valueOf(prefix)), Map.of(), new StackIdentity("s-" + id, id, "demo"), null,
                true));
        DeploymentItem reader = metadata.awaitItems(prefix + "-reader", 1).get(0);
        assertThat(input(reader, "cluster").asText()).as("the bag's initial fact").isEqualTo("alpha");
        assertThat(input(reader, "key").isNull()).as("not published yet: null").isTrue();

        DeploymentItem head = metadata.awaitItems(prefix + "-head", 1).get(0);
        agent.signal(id, prefix + "-head", head, "CREATE", 0,
                Map.of("facts", HearthJson.readTree("{\"munge_key\": \"k-1\"}")));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        await().atMost(StackDriver.WAIT)
                .until(() -> input(metadata.latestItem(prefix + "-reader"), "key").asText().equals("k-1"));
        assertThat(input(metadata.latestItem(prefix + "-reader"), "deploy_action").asText()).isEqualTo("CONTEXTUALIZE");
        String path = "/v1/demo/stacks/s-" + id + "/" + id + "/data_bag";
        as("hearth-dev-token").get(path).then().statusCode(200).body("data_bag.version", equalTo(2))
                .body("data_bag.facts.munge_key", equalTo("k-1")).body("data_bag.facts.cluster", equalTo("alpha"));

        as("hearth-dev-token").body("{\"version\": 1, \"facts\": {\"cluster\": \"beta\"}}").put(path).then()
                .statusCode(409).body("error.type", equalTo("Conflict"))
                .body("error.message", containsString("at version 2, not 1"));
        as("hearth-dev-token").body("{\"facts\": {\"cluster\": \"beta\"}}").put(path).then().statusCode(400)
                .body("error.message", containsString("Invalid version"));
        // A number beyond a double's range parses as infinite: refused, not stored as "Infinity".
        as("hearth-dev-token").body("{\"version\": 2, \"facts\": {\"big\": 1e400}}").put(path).then()
                .statusCode(400).body("error.type", equalTo("BadRequest")).body("error.message",
                        equalTo("Invalid facts.big: must be a finite number (at most about 1.8e308 either way)"));
        as("other-token").get(path.replace("/demo/", "/other/")).then().statusCode(404);
        as("hearth-dev-token").get(path.replace("/s-" + id + "/", "/another-name/")).then().statusCode(404);
        as("hearth-dev-token").get(path).then().body("data_bag.version", equalTo(2));

        as("hearth-dev-token").body("{\"version\": 2, \"facts\": {\"cluster\": \"beta\", \"munge_key\": null}}")
                .put(path).then().statusCode(200).body("data_bag.version", equalTo(3))
                .body("data_bag.facts.cluster", equalTo("beta"));

        as("hearth-dev-token").get(path + "/versions").then().statusCode(200)
                .body("versions.version", contains(3, 2, 1))
                .body("versions[0].facts", equalTo(Map.of("cluster", "beta")))
                .body("versions[1].facts", equalTo(Map.of("cluster", "alpha", "munge_key", "k-1")))
                .body("versions[2].facts", equalTo(Map.of("cluster", "alpha")));
        as("other-token").get(path.replace("/demo/", "/other/") + "/versions").then().statusCode(404);

        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(prefix + "-reader"), "cluster").asText()
                .equals("beta"));
        assertThat(input(metadata.latestItem(prefix + "-reader"), "key").isNull()).as("a fact set to null is removed")
                .isTrue();
        assertThat(driver.statesOf(id, "reader")).as("one run per change of what it reads").containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(driver.statesOf(id, "head")).as("it does not read the bag")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
    }


    @Test
    void anOutputItsConfigMarksAsAFactIsPublishedToTheBagUnderItsName() {
        String template = TEMPLATE.replace("inputs: [{name: key}, {name: cluster}]",
                "inputs: [{name: key}, {name: cluster}]\n      outputs: [{name: munge_key, fact: true}, {name: plain}]");
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        driver.create(id, planner.plan(new TemplateReader().readTemplate(template).document(), null,
                Map.of("prefix", TextNode.valueOf(prefix)), Map.of(), new StackIdentity("s-" + id, id, "demo"), null,
                true));
        DeploymentItem head = metadata.awaitItems(prefix + "-head", 1).get(0);
        agent.signal(id, prefix + "-head", head, "CREATE", 0,
                Map.of("munge_key", TextNode.valueOf("k-2"), "plain", TextNode.valueOf("not a fact")));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        // the marked output is a fact, under its own name, and its reader runs again with it; the other is not
        await().atMost(StackDriver.WAIT)
                .until(() -> input(metadata.latestItem(prefix + "-reader"), "key").asText().equals("k-2"));
        as("hearth-dev-token").get("/v1/demo/stacks/s-" + id + "/" + id + "/data_bag").then().statusCode(200)
                .body("data_bag.facts.munge_key", equalTo("k-2"))
                .body("data_bag.facts.cluster", equalTo("alpha"))
                .body("data_bag.facts.plain", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void theFactsOfARunWhoseInputsChangedWhileItRanAreNotPublishedOnlyThoseOfItsRerun() {
        // the head reads the bag's cluster and publishes munge_key: its run for "beta" is superseded by "gamma"
        String template = TEMPLATE.replace("""
                    server: {list_join: ['-', [{get_param: prefix}, head]]}
                """, """
                    server: {list_join: ['-', [{get_param: prefix}, head]]}
                      actions: [CREATE, CONTEXTUALIZE]
                      input_values: {cluster: {get_attr: [bag, cluster]}}
                """);
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        driver.create(id, planner.plan(new TemplateReader().readTemplate(template).document(), null,
                Map.of("prefix", TextNode.valueOf(prefix)), Map.of(), new StackIdentity("s-" + id, id, "demo"), null,
                true));
        String head = prefix + "-head";
        String reader = prefix + "-reader";
        agent.signal(id, head, metadata.awaitItems(head, 1).get(0), "CREATE", 0,
                Map.of("facts", HearthJson.readTree("{\"munge_key\": \"k-1\"}")));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(reader), "key").asText().equals("k-1"));

        String path = "/v1/demo/stacks/s-" + id + "/" + id + "/data_bag";
        as("hearth-dev-token").body("{\"version\": 2, \"facts\": {\"cluster\": \"beta\"}}").put(path).then()
                .statusCode(200);
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(head), "cluster").asText().equals("beta"));
        DeploymentItem superseded = metadata.latestItem(head);
        as("hearth-dev-token").body("{\"version\": 3, \"facts\": {\"cluster\": \"gamma\"}}").put(path).then()
                .statusCode(200);
        // the reader (no signal) runs with gamma at once; the head, still running with beta, waits for its signal
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(reader), "cluster").asText()
                .equals("gamma"));

        agent.signal(id, head, superseded, "CONTEXTUALIZE", 0,
                Map.of("facts", HearthJson.readTree("{\"munge_key\": \"k-stale\"}")));
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(head), "cluster").asText()
                .equals("gamma"));
        DeploymentItem rerun = metadata.latestItem(head);
        assertThat(rerun.generation()).as("it runs again at once, with gamma").isGreaterThan(superseded.generation());
        as("hearth-dev-token").get(path).then().statusCode(200).body("data_bag.version", equalTo(4))
                .body("data_bag.facts.munge_key", equalTo("k-1"));

        agent.signal(id, head, rerun, "CONTEXTUALIZE", 0,
                Map.of("facts", HearthJson.readTree("{\"munge_key\": \"k-3\"}")));
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(reader), "key").asText().equals("k-3"));
        as("hearth-dev-token").get(path).then().body("data_bag.version", equalTo(5))
                .body("data_bag.facts.munge_key", equalTo("k-3")).body("data_bag.facts.cluster", equalTo("gamma"));
        assertThat(metadata.recordsOf(reader)).as("no document of the reader ever carried the superseded facts")
                .noneMatch(r -> r.value() != null && r.value().contains("k-stale"));
        // The superseded run's signal changed the head's attributes, not the bag the outputs show: no outputs event.
        List<Map<String, JsonNode>> published = publishedOutputs(id);
        assertThat(published.get(published.size() - 1).get("facts").get("munge_key").asText()).isEqualTo("k-3");
        for (int i = 1; i < published.size(); i++) {
            assertThat(published.get(i)).as("outputs published again only when they changed: %s", published)
                    .isNotEqualTo(published.get(i - 1));
        }
    }

    /** The stack's outputs as published, in order: with its COMPLETE status, then each change on its own. */
    private List<Map<String, JsonNode>> publishedOutputs(String id) {
        return driver.all(id).stream().map(e -> switch (e.type()) {
            case StackStatusChanged.TYPE -> e.dataAs(StackStatusChanged.class).outputs();
            case StackOutputsChanged.TYPE -> e.dataAs(StackOutputsChanged.class).outputs();
            default -> null;
        }).filter(java.util.Objects::nonNull).toList();
    }

    private static RequestSpecification as(String token) {
        return given().header("X-Auth-Token", token).contentType("application/json");
    }

}
