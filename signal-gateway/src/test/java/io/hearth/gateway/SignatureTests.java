package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Requests whose pre-signed URL does not hold are refused with 403 before anything is published. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class SignatureTests {

    private static final String BODY = "{\"deploy_stdout\": \"forged\", \"deploy_status_code\": 0}";

    @Inject
    PresignedUrls urls;

    @Inject
    MetadataStore store;

    GatewayKafka kafka;
    String stackId;
    String deploymentId;
    String path;

    @BeforeEach
    void setUp() throws Exception {
        kafka = GatewayKafka.get();
        stackId = UUID.randomUUID().toString();
        deploymentId = UUID.randomUUID().toString();
        path = "/v1/signal/deployments/" + deploymentId;
        kafka.metadata(new ServerMetadata(UUID.randomUUID().toString(), stackId, "demo", 1,
                List.of(GatewayKafka.item(deploymentId, "app", stackId, "CREATE", 1))));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.deployment(deploymentId) != null);
    }

    @Test
    void missingSignatureIsForbidden() {
        refused(path, "signature missing");
        refused(path + "?kid=k1&expires=" + Instant.now().plusSeconds(60).getEpochSecond(), "signature missing");
        assertOnlyTheNextSignalIsPublished();
    }

    @Test
    void unknownKeyIsForbidden() {
        PresignedUrls forger = new PresignedUrls(Map.of("k9", "guessed-secret"), "k9", Clock.systemUTC());
        refused(path + "?" + forger.sign("POST", path, Instant.now().plusSeconds(600)), "unknown key k9");
        assertOnlyTheNextSignalIsPublished();
    }

    @Test
    void aKnownKeyIdWithAnotherSecretIsForbidden() {
        PresignedUrls forger = new PresignedUrls(Map.of("k1", "guessed-secret"), "k1", Clock.systemUTC());
        refused(path + "?" + forger.sign("POST", path, Instant.now().plusSeconds(600)), "does not match");
        assertOnlyTheNextSignalIsPublished();
    }

    @Test
    void tamperedUrlsAreForbidden() {
        Instant expiry = Instant.now().plusSeconds(600);
        String query = urls.sign("POST", path, expiry);
        // Another deployment's path with this one's signature, a later expiry, a signature altered.
        String other = "/v1/signal/deployments/" + UUID.randomUUID();
        refused(other + "?" + query, "does not match");
        refused(path + "?" + query.replace("expires=" + expiry.getEpochSecond(),
                "expires=" + (expiry.getEpochSecond() + 3600)), "does not match");
        String signature = query.substring(query.indexOf("signature=") + "signature=".length());
        String flipped = (signature.charAt(0) == 'A' ? "B" : "A") + signature.substring(1);
        refused(path + "?" + query.replace(signature, flipped), "does not match");
        // A URL signed for GET does not allow POST.
        refused(path + "?" + urls.sign("GET", path, expiry), "does not match");
        assertOnlyTheNextSignalIsPublished();
    }

    @Test
    void expiredUrlIsForbiddenSayingWhenItExpired() {
        Instant expiry = Instant.now().minusSeconds(5);
        refused(path + "?" + urls.sign("POST", path, expiry), "expired at " + Instant.ofEpochSecond(expiry.getEpochSecond()));
        assertOnlyTheNextSignalIsPublished();
    }

    @Test
    void everyConfiguredKeyIsAcceptedAndExtraParametersAreNotSigned() {
        PresignedUrls previous = new PresignedUrls(Map.of("k2", "hearth-test-previous-secret"), "k2", Clock.systemUTC());
        given().body("{}").post(path + "?" + previous.sign("POST", path, Instant.now().plusSeconds(600))
                + "&action=CREATE&generation=1&anything=else").then().statusCode(200);
    }

    @Test
    void metadataUrlNeedsItsOwnSignature() {
        String metadata = "/v1/stacks/" + stackId + "/servers/" + UUID.randomUUID() + "/metadata";
        given().get(metadata).then().statusCode(403).body("error.message", containsString("signature missing"));
        given().get(metadata + "?" + urls.sign("POST", metadata, Instant.now().plusSeconds(60))).then().statusCode(403);
        given().get(metadata + "?" + urls.sign("GET", metadata, Instant.now().plusSeconds(60))).then().statusCode(200);
    }

    private void refused(String url, String message) {
        given().contentType("application/json").body(BODY).post(url).then().statusCode(403)
                .body("code", equalTo(403))
                .body("title", equalTo("Forbidden"))
                .body("error.type", equalTo("Forbidden"))
                .body("error.message", containsString(message));
    }

    private void assertOnlyTheNextSignalIsPublished() {
        given().body("{\"deploy_stdout\": \"marker\"}").post(path + "?" + urls.sign("POST", path,
                Instant.now().plusSeconds(600))).then().statusCode(200);
        kafka.awaitOne(Topics.SIGNALS, p -> isMine(p) && "marker".equals(p.data().path("deployStdout").asText()));
        assertThat(kafka.matching(Topics.SIGNALS, this::isMine)).hasSize(1);
    }

    private boolean isMine(GatewayKafka.Published p) {
        return DeploymentSignalled.TYPE.equals(p.event().type())
                && deploymentId.equals(p.data().path("deploymentId").asText());
    }
}
