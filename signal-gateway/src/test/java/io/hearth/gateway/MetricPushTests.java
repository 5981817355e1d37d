package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.contracts.Topics;
import io.hearth.contracts.metric.v1.MetricReported;
import io.hearth.contracts.metric.v1.MetricReported.Sample;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Metric URLs: pushes of samples, published on {@code hearth.metrics} keyed by the stack tree; refusals record nothing. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class MetricPushTests {

    @Inject
    PresignedUrls urls;

    GatewayKafka kafka;
    String root;
    String stack;
    String groupPath;

    @BeforeEach
    void setUp() {
        kafka = GatewayKafka.get();
        root = UUID.randomUUID().toString();
        stack = UUID.randomUUID().toString();
        groupPath = "/v1/metrics/trees/" + root + "/stacks/" + stack + "/groups/workers";
    }

    @Test
    void aListOfSamplesOnAGroupsUrlIsPublishedKeyedByTheStackTree() {
        Instant measured = Instant.now().minusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
        given().contentType("application/json").body("[{\"name\": \"queue_length\", \"value\": 42, \"unit\": \"jobs\","
                + " \"timestamp\": \"" + measured + "\"}, {\"name\": \"cpu_util\", \"value\": 91.5}]")
                .post(signed(groupPath)).then().statusCode(200)
                .body("status", equalTo("accepted")).body("samples", equalTo(2));

        GatewayKafka.Published published = kafka.awaitOne(Topics.METRICS, p -> root.equals(p.key()));
        assertThat(published.event().type()).isEqualTo(MetricReported.TYPE);
        assertThat(published.event().subject()).isEqualTo(stack);
        MetricReported reported = published.event().dataAs(MetricReported.class);
        assertThat(reported.rootStackId()).isEqualTo(root);
        assertThat(reported.stackId()).isEqualTo(stack);
        assertThat(reported.groupName()).isEqualTo("workers");
        assertThat(reported.samples()).hasSize(2);
        assertThat(reported.samples().get(0)).isEqualTo(new Sample("queue_length", 42, measured, "jobs"));
        assertThat(reported.samples().get(1).timestamp()).as("the push's time when none is given")
                .isEqualTo(reported.receivedAt());
    }

    @Test
    void oneSampleOnAStacksUrlNamesNoGroup() {
        String path = "/v1/metrics/trees/" + root + "/stacks/" + stack;
        given().body("{\"name\": \"load\", \"value\": 0.5}").post(signed(path)).then().statusCode(200)
                .body("samples", equalTo(1));

        MetricReported reported = kafka.awaitOne(Topics.METRICS, p -> root.equals(p.key())).event()
                .dataAs(MetricReported.class);
        assertThat(reported.groupName()).isNull();
        assertThat(reported.samples()).extracting(Sample::name).containsExactly("load");
    }

    @Test
    void aForgedOrExpiredMetricUrlIsRefusedAndRecordsNothing() {
        String body = "{\"name\": \"load\", \"value\": 99}";
        String forOtherGroup = "/v1/metrics/trees/" + root + "/stacks/" + stack + "/groups/other";
        String query = urls.sign("POST", forOtherGroup, Instant.now().plusSeconds(600));
        given().body(body).post(groupPath + "?" + query).then().statusCode(403)
                .body("error.type", equalTo("Forbidden"))
                .body("error.message", equalTo("signature does not match the request"));
        given().body(body).post(groupPath + "?" + query.replaceAll("signature=[^&]+", "signature=AAAA"))
                .then().statusCode(403).body("error.message", equalTo("signature does not match the request"));
        Instant expiry = Instant.now().minusSeconds(60);
        given().body(body).post(groupPath + "?" + urls.sign("POST", groupPath, expiry)).then().statusCode(403)
                .body("error.message", equalTo("URL expired at " + Instant.ofEpochSecond(expiry.getEpochSecond())));
        given().body(body).post(groupPath).then().statusCode(403)
                .body("error.message", equalTo("signature missing: the URL needs kid, expires and signature"));
        given().get(signed(groupPath)).then().statusCode(405);

        // A valid push afterwards is the only record of the tree.
        given().body("{\"name\": \"load\", \"value\": 1}").post(signed(groupPath)).then().statusCode(200);
        kafka.awaitOne(Topics.METRICS, p -> root.equals(p.key()));
        assertThat(kafka.matching(Topics.METRICS, p -> root.equals(p.key()))).hasSize(1)
                .allSatisfy(p -> assertThat(p.data().path("samples").get(0).path("value").asDouble()).isEqualTo(1));
    }

    @Test
    void aBadPushIsRefusedWholeNamingTheSampleAndWhatIsWrong() {
        String url = signed(groupPath);
        refused(url, "[{\"name\": \"a\", \"value\": 1}, {\"name\": \"b\", \"value\": \"high\"}]",
                "Invalid metric push: sample 1: value must be a finite number between -1e15 and 1e15");
        // The push that overflowed PostgreSQL's avg and sum (round 2, F5): refused whole.
        refused(url, "[{\"name\": \"m\", \"value\": 1e200}, {\"name\": \"m\", \"value\": 1}]",
                "Invalid metric push: sample 0: value must be a finite number between -1e15 and 1e15, not 1.0E200");
        refused(url, "{\"name\": \"m\", \"value\": -2e15}",
                "Invalid metric push: value must be a finite number between -1e15 and 1e15, not -2.0E15");
        refused(url, "{\"value\": 1}", "Invalid metric push: name is required");
        refused(url, "{\"name\": \"a\", \"value\": 1, \"host\": \"x\"}",
                "Invalid metric push: a sample has only name, value, timestamp and unit, not host");
        refused(url, "{\"name\": \"a\", \"value\": 1, \"timestamp\": \"yesterday\"}",
                "Invalid metric push: timestamp must be an ISO-8601 instant such as 2026-11-22T10:00:00Z, got yesterday");
        refused(url, "{\"name\": \"a\", \"value\": 1, \"timestamp\": \"2001-01-01T00:00:00Z\"}",
                "Invalid metric push: timestamp 2001-01-01T00:00:00Z is more than 3600 s in the past or 300 s in the "
                        + "future");
        refused(url, "[]", "Invalid metric push: the list of samples is empty");
        refused(url, "42", "Invalid metric push: the body must be a sample {\"name\", \"value\"} or a list of samples, "
                + "not number");
        refused(url, "[" + "{\"name\": \"a\", \"value\": 1},".repeat(100) + "{\"name\": \"a\", \"value\": 1}]",
                "Invalid metric push: a push carries at most 100 samples, got 101");
        given().body("{\"name\": \"" + "x".repeat(70_000) + "\", \"value\": 1}").post(url).then().statusCode(413)
                .body("error.message", equalTo("The request body is larger than allowed"));
        assertThat(kafka.matching(Topics.METRICS, p -> root.equals(p.key()))).isEmpty();
    }

    private void refused(String url, String body, String message) {
        given().body(body).post(url).then().statusCode(400).body("error.type", equalTo("InvalidMetric"))
                .body("error.message", equalTo(message));
    }

    private String signed(String path) {
        return path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));
    }
}
