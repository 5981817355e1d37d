package io.hearth.deployment.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.ServerMetadataRecords;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A server's metadata document is limited (deployment-service keeps the size of its items as published with the
 * server's row) (1 MiB by default, what
 * one API request may carry, well below the 8 MiB Kafka takes): deployments of large inputs are accepted and
 * published up to the limit, and the change that would pass it is refused with Heat's 413 and writes nothing.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ServerDocumentLimitTests {

    private static final String TOKEN = "hearth-dev-token";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @Test
    void aChangeThatWouldGrowAServersDocumentPastTheLimitIs413AndWritesNothing() {
        String server = "server-" + UUID.randomUUID();
        ConsumerTask<String, String> metadata = kafka.consumeStrings().fromTopics(Topics.SERVER_METADATA,
                Topics.SERVER_DEPLOYMENTS);
        try {
            String config = post("/v1/demo/software_configs",
                    "{\"name\": \"big\", \"group\": \"script\", \"config\": \"run\"}", 200)
                    .path("software_config").path("id").asText();
            // A deployment of 600 kB inputs: accepted and published.
            String first = post("/v1/demo/software_deployments", deployment(config, server, 'a', 600_000), 200)
                    .path("software_deployment").path("id").asText();
            assertThat(published(metadata, server, 1).deployments()).hasSize(1);

            // A second one (issue 13: both bodies under the API's 1 MiB) would make the document 1.2 MB: 413 with
            // Heat's body, and nothing of it is written.
            JsonNode refused = json(request().body(deployment(config, server, 'b', 600_000))
                    .post("/v1/demo/software_deployments"), 413);
            assertThat(refused.path("code").asInt()).isEqualTo(413);
            assertThat(refused.path("title").asText()).isEqualTo("Request Entity Too Large");
            assertThat(refused.path("error").path("type").asText()).isEqualTo("RequestLimitExceeded");
            assertThat(refused.path("error").path("message").asText())
                    .startsWith("Request limit exceeded: the metadata document of server " + server + " would be ")
                    .contains("bytes, more than the 1048576 bytes allowed (hearth.server-metadata.max-bytes)");
            // One of 300 kB still fits; a PUT growing it to 500 kB does not.
            String second = post("/v1/demo/software_deployments", deployment(config, server, 'c', 300_000), 200)
                    .path("software_deployment").path("id").asText();
            assertThat(published(metadata, server, 2).deployments()).hasSize(2);
            JsonNode grown = json(request().body("{\"input_values\": {\"blob\": \"" + "z".repeat(500_000)
                    + "\"}}").put("/v1/demo/software_deployments/" + second), 413);
            assertThat(grown.path("error").path("message").asText()).contains("the metadata document of server " + server);
            assertThat(db.queryLong("select count(*) from software_deployment where server_id = ?", server)).isEqualTo(2);
            assertThat(db.queryLong("select generation from server_metadata where server_id = ?", server)).isEqualTo(2);
            assertThat(db.queryLong("select count(*) from software_deployment where server_id = ? and generation > 1",
                    server)).isZero();
            assertThat(db.queryLong("select count(*) from outbox_event where aggregateid like ?", server + "/%"))
                    .isEqualTo(2);
            assertThat(db.queryLong("select document_bytes from server_metadata where server_id = ?", server))
                    .isBetween(900_000L, 1_048_576L);

            // A delete always works and publishes the smaller document; then the refused one fits.
            request().delete("/v1/demo/software_deployments/" + first).then().statusCode(204);
            assertThat(published(metadata, server, 3).deployments()).hasSize(1);
            post("/v1/demo/software_deployments", deployment(config, server, 'b', 600_000), 200);
            assertThat(published(metadata, server, 4).deployments()).hasSize(2);
            // The relay published everything; nothing was set aside.
            await().atMost(WAIT).until(() -> db.queryLong("select count(*) from outbox_event where published_at is null") == 0);
            assertThat(db.queryLong("select count(*) from outbox_dead_letter")).isZero();
        } finally {
            metadata.close();
        }
    }

    private static String deployment(String config, String server, char fill, int inputBytes) {
        return "{\"config_id\": \"" + config + "\", \"server_id\": \"" + server + "\", \"action\": \"CREATE\","
                + " \"input_values\": {\"blob\": \"" + String.valueOf(fill).repeat(inputBytes) + "\"}}";
    }

    private static ServerMetadata published(ConsumerTask<String, String> metadata, String server, long generation) {
        return await().atMost(WAIT).until(() -> ServerMetadataRecords.documents(server, metadata.getRecords())
                .stream().filter(m -> m.generation() == generation).findFirst().orElse(null), m -> m != null);
    }

    private static JsonNode post(String path, String body, int status) {
        return json(request().body(body).post(path), status);
    }

    private static io.restassured.specification.RequestSpecification request() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON);
    }

    private static JsonNode json(Response response, int status) {
        response.then().statusCode(status);
        return HearthJson.readTree(response.asString());
    }
}
