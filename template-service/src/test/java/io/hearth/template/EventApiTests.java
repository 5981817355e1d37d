package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The events API as a Heat client uses it: a stack's history from {@code hearth.stack.events},
 * listed newest first with Heat's filters, sort keys, marker and limit, per resource, and one
 * event shown with its type.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class EventApiTests {

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;
    private String name;
    private String id;
    private String canonical;
    /** The history in arrival order: stack IN_PROGRESS, pw IN_PROGRESS, pw COMPLETE, cfg IN_PROGRESS, cfg FAILED, stack FAILED. */
    private List<String> arrival;

    @BeforeEach
    void aStackWithAHistory() {
        stacks = new StackFixtures(kafka);
        name = StackFixtures.name();
        id = stacks.create(name, ResourceApiTests.TEMPLATE);
        canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.stackStatus(id, name, "CREATE", "IN_PROGRESS", 1);
        stacks.awaitEvents(id, 1);
        String stackStarted = only("resource_name=" + name);
        String pwStarted = stacks.resourceStatus(id, "pw", null, "OS::Heat::RandomString", "CREATE", "IN_PROGRESS",
                "state changed", null);
        String pwDone = stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CREATE", "COMPLETE",
                "state changed", null);
        String cfgStarted = stacks.resourceStatus(id, "cfg", null, "OS::Heat::SoftwareConfig", "CREATE",
                "IN_PROGRESS", "state changed", null);
        String cfgFailed = stacks.resourceStatus(id, "cfg", null, "OS::Heat::SoftwareConfig", "CREATE", "FAILED",
                "Error: boom", null);
        stacks.awaitEvents(id, 5);
        stacks.stackStatus(id, name, "CREATE", "FAILED", 2);
        stacks.awaitEvents(id, 6);
        String stackFailed = ids("resource_name=" + name + "&resource_status=FAILED").get(0);
        arrival = List.of(stackStarted, pwStarted, pwDone, cfgStarted, cfgFailed, stackFailed);
    }

    @Test
    void theListIsNewestFirstUnlessSortedAndShowsHeatsSummary() {
        List<String> newestFirst = new java.util.ArrayList<>(arrival);
        java.util.Collections.reverse(newestFirst);
        assertThat(ids("")).containsExactlyElementsOf(newestFirst);
        assertThat(ids("sort_dir=asc")).containsExactlyElementsOf(arrival);
        assertThat(ids("sort_keys=event_time&sort_dir=asc")).containsExactlyElementsOf(arrival);
        assertThat(ids("sort_keys=bogus&sort_dir=asc")).containsExactlyElementsOf(arrival);
        assertThat(ids("sort_keys=resource_type&sort_dir=asc"))
                .containsExactly(arrival.get(1), arrival.get(2), arrival.get(3), arrival.get(4), arrival.get(0),
                        arrival.get(5));
        api().get(canonical + "/events?sort_dir=asc").then().statusCode(200)
                .body("events[2].id", equalTo(arrival.get(2)))
                .body("events[2].resource_name", equalTo("pw"))
                .body("events[2].logical_resource_id", equalTo("pw"))
                .body("events[2].physical_resource_id", equalTo("pw-1"))
                .body("events[2].resource_status", equalTo("CREATE_COMPLETE"))
                .body("events[2].resource_status_reason", equalTo("state changed"))
                .body("events[2].links.rel", contains("self", "resource", "stack"))
                .body("events[2].links[0].href", endsWith(canonical + "/resources/pw/events/" + arrival.get(2)))
                .body("events[2].links[1].href", endsWith(canonical + "/resources/pw"))
                .body("events[2]", not(hasKey("resource_type")))
                .body("events[0].physical_resource_id", equalTo(id))
                .body("events[0].resource_name", equalTo(name));
    }

    @Test
    void filtersKeepWhatTheyName() {
        assertThat(ids("resource_name=pw&sort_dir=asc")).containsExactly(arrival.get(1), arrival.get(2));
        assertThat(ids("resource_status=FAILED&sort_dir=asc")).containsExactly(arrival.get(4), arrival.get(5));
        assertThat(ids("resource_status=CREATE_FAILED&sort_dir=asc")).containsExactly(arrival.get(4), arrival.get(5));
        assertThat(ids("resource_status=COMPLETE&resource_status=FAILED&sort_dir=asc"))
                .containsExactly(arrival.get(2), arrival.get(4), arrival.get(5));
        assertThat(ids("resource_action=CREATE&resource_status=IN_PROGRESS&sort_dir=asc"))
                .containsExactly(arrival.get(0), arrival.get(1), arrival.get(3));
        assertThat(ids("resource_action=DELETE")).isEmpty();
        assertThat(ids("resource_type=OS::Heat::SoftwareConfig&sort_dir=asc"))
                .containsExactly(arrival.get(3), arrival.get(4));
        assertThat(ids("resource_name=pw&resource_name=cfg&resource_status=IN_PROGRESS&sort_dir=asc"))
                .containsExactly(arrival.get(1), arrival.get(3));
        assertThat(ids("nested_depth=3")).hasSize(6);
    }

    @Test
    void limitAndMarkerPageThroughTheList() {
        assertThat(ids("sort_dir=asc&limit=2")).containsExactly(arrival.get(0), arrival.get(1));
        assertThat(ids("sort_dir=asc&limit=2&marker=" + arrival.get(1))).containsExactly(arrival.get(2), arrival.get(3));
        assertThat(ids("sort_dir=asc&limit=2&marker=" + arrival.get(5))).isEmpty();
        assertThat(ids("limit=2&marker=" + arrival.get(4))).containsExactly(arrival.get(3), arrival.get(2));
        assertThat(ids("resource_name=cfg&sort_dir=asc&marker=" + arrival.get(1))).containsExactly(arrival.get(3),
                arrival.get(4));
        assertThat(ids("limit=0")).isEmpty();
        // Heat starts from the beginning when it finds no event with the marker's id
        assertThat(ids("sort_dir=asc&limit=1&marker=" + UUID.randomUUID())).containsExactly(arrival.get(0));
        assertThat(ids("sort_dir=asc&limit=1&marker=not-an-id")).containsExactly(arrival.get(0));
    }

    @Test
    void malformedParametersAreRefusedWithHeatsMessages() {
        api().get(canonical + "/events?limit=few").then().statusCode(400)
                .body("error.message", equalTo("Only integer is acceptable by 'limit'."));
        api().get(canonical + "/events?limit=-1").then().statusCode(400)
                .body("error.message", equalTo("Value '-1' is invalid for 'limit' which only accepts non-negative integer."));
        api().get(canonical + "/events?nested_depth=x").then().statusCode(400)
                .body("error.message", equalTo("Only integer is acceptable by 'nested_depth'."));
        api().get(canonical + "/events?sort_dir=up").then().statusCode(400)
                .body("error.type", equalTo("ValueError"))
                .body("error.message", equalTo("Unknown sort direction, must be one of: "
                        + "asc-nullsfirst, asc-nullslast, desc-nullsfirst, desc-nullslast"));
    }

    @Test
    void aResourcesEventsAndOneEventWithItsType() {
        api().get(canonical + "/resources/pw/events?sort_dir=asc").then().statusCode(200)
                .body("events.id", contains(arrival.get(1), arrival.get(2)));
        api().get(canonical + "/resources/cfg/events?resource_status=FAILED").then().statusCode(200)
                .body("events.id", contains(arrival.get(4)));
        api().get(canonical + "/resources/nope/events").then().statusCode(404)
                .body("error.message", equalTo("No events found for resource nope"));
        api().get(canonical + "/resources/pw/events/" + arrival.get(2)).then().statusCode(200)
                .body("event.id", equalTo(arrival.get(2)))
                .body("event.resource_type", equalTo("OS::Heat::RandomString"))
                .body("event.resource_status", equalTo("CREATE_COMPLETE"))
                .body("event.physical_resource_id", equalTo("pw-1"))
                .body("event.resource_properties", equalTo(java.util.Map.of()))
                .body("event.links.rel", contains("self", "resource", "stack"));
        api().get(canonical + "/resources/cfg/events/" + arrival.get(2)).then().statusCode(404)
                .body("error.message", equalTo("No event " + arrival.get(2) + " found"));
        api().get(canonical + "/resources/pw/events/bogus").then().statusCode(404)
                .body("error.message", equalTo("No event bogus found"));
        api().get("/v1/demo/stacks/" + name + "/events?resource_name=pw").then().statusCode(302)
                .header("Location", endsWith(canonical + "/events?resource_name=pw"));
    }

    @Test
    void anotherTenantSeesNoEventsAndTokensAreChecked() {
        String stackPath = "/stacks/" + name + "/" + id;
        given().header("X-Auth-Token", "other-token").get("/v1/other" + stackPath + "/events").then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
        given().header("X-Auth-Token", "other-token")
                .get("/v1/other" + stackPath + "/resources/pw/events/" + arrival.get(2)).then().statusCode(404);
        given().header("X-Auth-Token", "forged").get("/v1/demo" + stackPath + "/events").then().statusCode(401);
        given().get("/v1/demo" + stackPath + "/resources/pw/events").then().statusCode(401);
    }

    private List<String> ids(String query) {
        return api().get(canonical + "/events" + (query.isEmpty() ? "" : "?" + query)).then().statusCode(200)
                .extract().jsonPath().getList("events.id", String.class);
    }

    private String only(String query) {
        List<String> found = ids(query);
        assertThat(found).hasSize(1);
        return found.get(0);
    }
}
