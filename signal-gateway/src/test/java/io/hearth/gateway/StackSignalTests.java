package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.contracts.Topics;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** WaitConditionHandle signals and scaling-policy alarm URLs. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class StackSignalTests {

    @Inject
    PresignedUrls urls;

    GatewayKafka kafka;
    String stackId;

    @BeforeEach
    void setUp() {
        kafka = GatewayKafka.get();
        stackId = UUID.randomUUID().toString();
    }

    @Test
    void waitConditionSignalIsPublished() {
        String url = signed("/v1/signal/stacks/" + stackId + "/wait-conditions/wp_ready_handle");
        given().contentType("application/json")
                .body("{\"status\": \"SUCCESS\", \"reason\": \"up\", \"data\": {\"version\": \"6.7\"}, \"id\": \"1\"}")
                .post(url).then().statusCode(200).body("status", equalTo("accepted")).body("id", equalTo("1"));

        GatewayKafka.Published published = kafka.awaitOne(Topics.SIGNALS,
                p -> WaitConditionSignalled.TYPE.equals(p.event().type()) && stackId.equals(p.key()));
        WaitConditionSignalled signal = published.event().dataAs(WaitConditionSignalled.class);
        assertThat(signal.stackId()).isEqualTo(stackId);
        assertThat(signal.handleName()).isEqualTo("wp_ready_handle");
        assertThat(signal.signalId()).isEqualTo("1");
        assertThat(signal.status()).isEqualTo("SUCCESS");
        assertThat(signal.reason()).isEqualTo("up");
        assertThat(signal.data().get("version").asText()).isEqualTo("6.7");
    }

    @Test
    void waitConditionStatusOtherThanSuccessOrFailureAndOtherKeysAreRefused() {
        String url = signed("/v1/signal/stacks/" + stackId + "/wait-conditions/handle");
        given().body("{\"status\": \"DONE\"}").post(url).then().statusCode(400)
                .body("error.type", equalTo("InvalidSignal"))
                .body("error.message", equalTo("Metadata format invalid: status must be SUCCESS or FAILURE, got DONE"));
        given().body("{\"status\": \"SUCCESS\", \"colour\": \"red\"}").post(url).then().statusCode(400)
                .body("error.message", equalTo("Metadata format invalid: a wait condition signal has only data, id, "
                        + "reason and status, not colour"));
        given().body("{\"status\": \"FAILURE\", \"reason\": \"broke\"}").post(url).then().statusCode(200);

        GatewayKafka.Published failure = kafka.awaitOne(Topics.SIGNALS,
                p -> WaitConditionSignalled.TYPE.equals(p.event().type()) && stackId.equals(p.key()));
        assertThat(failure.data().get("status").asText()).isEqualTo("FAILURE");
        assertThat(kafka.matching(Topics.SIGNALS, p -> stackId.equals(p.key()))).hasSize(1);
    }

    @Test
    void aWaitConditionSignalWithoutStatusIsASuccessAsInHeat() {
        String url = signed("/v1/signal/stacks/" + stackId + "/wait-conditions/handle");
        given().post(url).then().statusCode(200).body("status", equalTo("accepted"));

        WaitConditionSignalled signal = kafka.awaitOne(Topics.SIGNALS,
                p -> WaitConditionSignalled.TYPE.equals(p.event().type()) && stackId.equals(p.key()))
                .event().dataAs(WaitConditionSignalled.class);
        assertThat(signal.status()).isEqualTo("SUCCESS");
        assertThat(signal.signalId()).isNull();
        assertThat(signal.reason()).isNull();
    }

    @Test
    void alarmUrlPublishesAScalingRequestForThePolicy() {
        String url = signed("/v1/signal/stacks/" + stackId + "/scaling-policies/wp_group/wp_scale_out");
        given().body("{\"previous\": \"ok\", \"current\": \"alarm\", \"reason\": \"cpu high\"}").post(url).then().statusCode(200)
                .body("group", equalTo("wp_group")).body("policy", equalTo("wp_scale_out"));

        GatewayKafka.Published published = kafka.awaitOne(Topics.SCALING, p -> stackId.equals(p.key()));
        assertThat(published.event().type()).isEqualTo(ScalingRequested.TYPE);
        ScalingRequested request = published.event().dataAs(ScalingRequested.class);
        assertThat(request.groupName()).isEqualTo("wp_group");
        assertThat(request.policyName()).isEqualTo("wp_scale_out");
        assertThat(request.adjustment()).isZero();
        assertThat(request.adjustmentType()).isNull();
        assertThat(request.tenant()).isNull();
        assertThat(request.details().get("current").asText()).isEqualTo("alarm");
    }

    @Test
    void signalsOnUrlsNamingTheTreeAreKeyedByTheTreeAndStillNameTheirStack() {
        String root = UUID.randomUUID().toString();
        given().body("{}").post(signed("/v1/signal/trees/" + root + "/stacks/" + stackId + "/wait-conditions/h"))
                .then().statusCode(200).body("stack_id", equalTo(stackId));
        given().body("{}").post(signed("/v1/signal/trees/" + root + "/stacks/" + stackId
                + "/scaling-policies/asg/scale_out")).then().statusCode(200).body("stack_id", equalTo(stackId));

        GatewayKafka.Published wait = kafka.awaitOne(Topics.SIGNALS, p -> root.equals(p.key()));
        assertThat(wait.event().subject()).isEqualTo(stackId);
        assertThat(wait.event().dataAs(WaitConditionSignalled.class).stackId()).isEqualTo(stackId);
        GatewayKafka.Published scaling = kafka.awaitOne(Topics.SCALING, p -> root.equals(p.key()));
        assertThat(scaling.event().subject()).isEqualTo(stackId);
        assertThat(scaling.event().dataAs(ScalingRequested.class).stackId()).isEqualTo(stackId);
    }

    @Test
    void unknownSignalPathsAndMethodsAreRefused() {
        given().post(signed("/v1/signal/nothing/here")).then().statusCode(404).body("code", equalTo(404));
        given().get(signed("/v1/signal/stacks/" + stackId + "/wait-conditions/h")).then().statusCode(405);
    }

    private String signed(String path) {
        return path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));
    }
}
