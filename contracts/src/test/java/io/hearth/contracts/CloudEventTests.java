package io.hearth.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.envelope.InvalidEventException;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CloudEventTests {

    static final String STACK_ID = "5b3c9f2e-7d41-4e8a-b6c2-1f9d0a4e7c35";

    static final String VALID = """
            {"specversion": "1.0", "id": "3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03",
             "source": "/hearth/template-service", "type": "io.hearth.stack.delete-requested.v1",
             "subject": "%s", "time": "2026-11-22T18:00:00Z", "datacontenttype": "application/json",
             "data": {"stackId": "%s", "tenant": "demo", "stackName": "wordpress"}}
            """.formatted(STACK_ID, STACK_ID);

    @Test
    void parsesAValidEvent() {
        CloudEvent event = CloudEvent.parse(VALID);

        assertThat(event.id()).isEqualTo("3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03");
        assertThat(event.time()).isEqualTo(Instant.parse("2026-11-22T18:00:00Z"));
        assertThat(event.dataAs(StackDeleteRequested.class))
                .isEqualTo(new StackDeleteRequested(STACK_ID, "demo", "wordpress"));
    }

    @Test
    void aSingleEventIsItsOwnOnlyEvent() {
        assertThat(CloudEvent.parseAll(VALID)).containsExactly(CloudEvent.parse(VALID));
    }

    @Test
    void aBatchIsReadAsItsEventsInTheirOrderEachWithItsOwnAttributes() throws Exception {
        String golden = java.nio.file.Files.readString(GoldenEventsTests.GOLDEN_DIR.resolve(
                io.hearth.contracts.stack.v1.StackEventBatch.TYPE + ".json"));

        java.util.List<CloudEvent> events = CloudEvent.parseAll(golden);

        assertThat(events).extracting(CloudEvent::id).containsExactly("3f2a7c10-0032-4c6e-9a55-6e1f0a2b3c32",
                "3f2a7c10-0033-4c6e-9a55-6e1f0a2b3c33");
        assertThat(events).extracting(CloudEvent::type).containsExactly(
                io.hearth.contracts.stack.v1.ResourceStatusChanged.TYPE, StackStatusChanged.TYPE);
        assertThat(events.get(1).time()).isEqualTo(Instant.parse("2026-11-22T08:06:12Z"));
        assertThat(events.get(1).extension(CloudEvent.TRACEPARENT))
                .isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
        assertThat(events.get(1).dataAs(StackStatusChanged.class).stackStatus()).isEqualTo("CREATE_COMPLETE");
    }

    @Test
    void aBatchHoldingSomethingThatIsNoEventIsRejected() {
        String batch = """
                {"specversion": "1.0", "id": "b", "source": "/hearth/deployment-service",
                 "type": "io.hearth.stack.event-batch.v1", "subject": "%s", "datacontenttype": "application/json",
                 "data": {"stackId": "%s", "events": [%s, {"specversion": "1.0", "id": "x"}]}}
                """.formatted(STACK_ID, STACK_ID, VALID);

        assertThatThrownBy(() -> CloudEvent.parseAll(batch)).isInstanceOf(InvalidEventException.class)
                .hasMessage("missing CloudEvents attribute source in event x");
        assertThatThrownBy(() -> CloudEvent.parseAll(batch.replace("\"events\"", "\"evts\"")))
                .isInstanceOf(InvalidEventException.class).hasMessage("event batch b has no events array");
    }

    @Test
    void rejectsNonJson() {
        assertThatThrownBy(() -> CloudEvent.parse("this is not json"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a CloudEvents JSON object")
                .hasMessageContaining("Unrecognized token");
    }

    @Test
    void rejectsEmptyInput() {
        assertThatThrownBy(() -> CloudEvent.parse(""))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a CloudEvents JSON object");
    }

    @Test
    void rejectsJsonNull() {
        assertThatThrownBy(() -> CloudEvent.parse("null"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("not a CloudEvents JSON object: null");
    }

    @Test
    void rejectsJsonThatIsNotAnObject() {
        assertThatThrownBy(() -> CloudEvent.parse("[1, 2]"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a CloudEvents JSON object");
        assertThatThrownBy(() -> CloudEvent.parse("\"io.hearth.stack.delete-requested.v1\""))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a CloudEvents JSON object");
    }

    @Test
    void rejectsAMissingId() {
        String json = VALID.replace("\"id\": \"3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03\",", "");
        assertThat(json).doesNotContain("\"id\"");

        assertThatThrownBy(() -> CloudEvent.parse(json))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("missing CloudEvents attribute id");
    }

    @Test
    void rejectsAMissingType() {
        String json = VALID.replace("\"type\": \"io.hearth.stack.delete-requested.v1\",", "");
        assertThat(json).doesNotContain("\"type\"");

        assertThatThrownBy(() -> CloudEvent.parse(json))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("missing CloudEvents attribute type in event 3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03");
    }

    @Test
    void rejectsAnotherSpecVersion() {
        String json = VALID.replace("\"specversion\": \"1.0\"", "\"specversion\": \"0.3\"");

        assertThatThrownBy(() -> CloudEvent.parse(json))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("unsupported specversion 0.3")
                .hasMessageContaining("3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03");
    }

    @Test
    void rejectsAMissingSpecVersion() {
        String json = VALID.replace("\"specversion\": \"1.0\",", "");

        assertThatThrownBy(() -> CloudEvent.parse(json))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("missing CloudEvents attribute specversion in event 3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03");
    }

    @Test
    void rejectsAMissingSource() {
        String json = VALID.replaceAll("\"source\": \"[^\"]*\",", "");
        assertThat(json).doesNotContain("\"source\"");

        assertThatThrownBy(() -> CloudEvent.parse(json))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("missing CloudEvents attribute source in event 3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03");
    }

    @Test
    void dataThatDoesNotFitTheRecordIsAnInvalidEventNamingIdAndType() {
        CloudEvent event = CloudEvent.parse(VALID.replace("\"tenant\": \"demo\"", "\"tenant\": {\"not\": \"text\"}"));

        assertThatThrownBy(() -> event.dataAs(StackDeleteRequested.class))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03")
                .hasMessageContaining(StackDeleteRequested.TYPE)
                .hasMessageContaining("invalid data");
    }

    @Test
    void anEventWrittenFromItsRecordIsTheJsonOfOneMadeThroughATree() {
        JsonNode config = HearthJson.readTree("{\"script\": \"#!/bin/sh\\necho \\\"$in\\\" > $heat_outputs_path.out\\n\"}");
        ServerDeployment data = new ServerDeployment("server-1", STACK_ID, "demo", "deployment-1", 7,
                new DeploymentItem("run-1", "config", "script", config,
                        List.of(new DeploymentInput("in", "String", HearthJson.mapper().getNodeFactory().numberNode(1.5),
                                null)),
                        List.of(), null, Instant.parse("2026-11-30T01:02:03.456789Z"), 7, null, "deployment-1"));
        CloudEvent tree = CloudEvent.of("/hearth/deployment-service", "server-1", data);

        CloudEvent written = CloudEvent.written("/hearth/deployment-service", "server-1", data);

        CloudEvent sameIdAndTime = new CloudEvent(tree.specversion(), written.id(), tree.source(), tree.type(),
                tree.subject(), written.time(), tree.datacontenttype(), tree.data());
        assertThat(written.toJson()).isEqualTo(sameIdAndTime.toJson());
        assertThat(CloudEvent.parse(written.toJson()).data()).isEqualTo(CloudEvent.parse(tree.toJson()).data());
    }

    @Test
    void aWrittenEventWithoutItsRecordsTypeInTheCatalogIsRefused() {
        assertThatThrownBy(() -> CloudEvent.written("/hearth/test", STACK_ID, Map.of("not", "catalogued")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ofFillsTypeIdSpecVersionTimeAndContentType() {
        StackStatusChanged data = new StackStatusChanged(STACK_ID, "demo", "wordpress", "CREATE", "COMPLETE",
                "Stack CREATE completed successfully",
                Map.of("wordpress_url", HearthJson.mapper().getNodeFactory().textNode("http://10.0.0.12/wordpress/")),
                9);
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        CloudEvent event = CloudEvent.of("/hearth/deployment-service", STACK_ID, data);

        assertThat(event.type()).isEqualTo(StackStatusChanged.TYPE).isEqualTo(EventCatalog.typeOf(StackStatusChanged.class));
        assertThat(event.specversion()).isEqualTo("1.0");
        assertThat(event.datacontenttype()).isEqualTo("application/json");
        assertThat(event.source()).isEqualTo("/hearth/deployment-service");
        assertThat(event.subject()).isEqualTo(STACK_ID);
        UUID id = UUID.fromString(event.id());
        assertThat(id.toString()).isEqualTo(event.id());
        assertThat(id.version()).isEqualTo(4);
        assertThat(event.time()).isBetween(before, Instant.now())
                .isEqualTo(event.time().truncatedTo(ChronoUnit.MILLIS));
        assertThat(event.data()).isEqualTo(HearthJson.mapper().valueToTree(data));
        assertThat(event.dataAs(StackStatusChanged.class)).isEqualTo(data);
        CloudEvent parsed = CloudEvent.parse(event.toJson());
        assertThat(parsed.toJson()).isEqualTo(event.toJson());
        JsonTrees.assertSameJson(parsed.data(), event.data(), "data after a round trip");
        assertThat(parsed.dataAs(StackStatusChanged.class)).isEqualTo(data);
    }

    @Test
    void ofGivesEveryEventAFreshId() {
        StackDeleteRequested data = new StackDeleteRequested(STACK_ID, "demo", "wordpress");

        CloudEvent first = CloudEvent.of("/hearth/template-service", STACK_ID, data);
        CloudEvent second = CloudEvent.of("/hearth/template-service", STACK_ID, data);

        assertThat(first.id()).isNotEqualTo(second.id());
        assertThat(second.time()).isAfterOrEqualTo(first.time());
    }

    @Test
    void ofRejectsDataThatIsNotACataloguedEvent() {
        assertThatThrownBy(() -> CloudEvent.of("/hearth/template-service", STACK_ID, "just a string"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String");
    }

    @Test
    void toJsonOmitsAbsentAttributes() throws Exception {
        CloudEvent event = new CloudEvent("1.0", "3f2a7c10-0003-4c6e-9a55-6e1f0a2b3c03", "/hearth/template-service",
                StackDeleteRequested.TYPE, null, null, "application/json", null);

        JsonNode tree = HearthJson.mapper().readTree(event.toJson());

        assertThat(tree.fieldNames()).toIterable()
                .containsExactlyInAnyOrder("specversion", "id", "source", "type", "datacontenttype");
    }

    @Test
    void catalogRejectsAClassThatIsNotAnEventNamingIt() {
        assertThatThrownBy(() -> EventCatalog.of(String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("not a catalogued Hearth event");
        assertThatThrownBy(() -> EventCatalog.typeOf(String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String");
    }

    @Test
    void catalogKnowsNothingOfAnUnknownType() {
        assertThat(EventCatalog.byType("io.hearth.stack.delete-requested.v2")).isNull();
        assertThat(EventCatalog.byType(StackDeleteRequested.TYPE).record()).isEqualTo(StackDeleteRequested.class);
    }

    static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void keepsTheTraceContextAndUnknownExtensionAttributesThroughParseAndWrite() throws Exception {
        String traced = VALID.replace("\"specversion\": \"1.0\",", "\"specversion\": \"1.0\", \"traceparent\": \""
                + TRACEPARENT + "\", \"tracestate\": \"congo=t61rcWkgMzE\", \"partitionkey\": \"p-7\",");

        CloudEvent event = CloudEvent.parse(traced);

        assertThat(event.extension(CloudEvent.TRACEPARENT)).isEqualTo(TRACEPARENT);
        assertThat(event.extension(CloudEvent.TRACESTATE)).isEqualTo("congo=t61rcWkgMzE");
        assertThat(event.extension("partitionkey")).isEqualTo("p-7");
        JsonNode written = HearthJson.mapper().readTree(event.toJson());
        assertThat(written.path("traceparent").asText()).isEqualTo(TRACEPARENT);
        assertThat(written.path("tracestate").asText()).isEqualTo("congo=t61rcWkgMzE");
        assertThat(written.path("partitionkey").asText()).isEqualTo("p-7");
        assertThat(written.has("extensions")).isFalse();
        assertThat(CloudEvent.parse(event.toJson())).isEqualTo(event);
    }

    @Test
    void anEventWithoutExtensionsWritesNone() throws Exception {
        CloudEvent event = CloudEvent.parse(VALID);

        assertThat(event.extensions()).isEmpty();
        assertThat(HearthJson.mapper().readTree(event.toJson()).fieldNames()).toIterable().containsExactlyInAnyOrder(
                "specversion", "id", "source", "type", "subject", "time", "datacontenttype", "data");
    }

    @Test
    void withExtensionSetsAndRemovesOneAttribute() {
        CloudEvent event = CloudEvent.parse(VALID).withExtension(CloudEvent.TRACEPARENT, TRACEPARENT);

        assertThat(event.extension(CloudEvent.TRACEPARENT)).isEqualTo(TRACEPARENT);
        assertThat(event.withExtension(CloudEvent.TRACEPARENT, null).extensions()).isEmpty();
        assertThat(event.withTime(Instant.EPOCH).extension(CloudEvent.TRACEPARENT)).isEqualTo(TRACEPARENT);
    }
}
