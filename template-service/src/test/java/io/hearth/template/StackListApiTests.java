package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.path.json.JsonPath;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The stack list as a Heat client uses it: Heat's filters, sort keys and direction, marker and
 * limit with a next link, deleted stacks on request, counts, and Heat's refusals. Each test
 * lists only its own three stacks (name filters), created in the order a, b, c.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackListApiTests {

    private static final String HELLO = "heat_template_version: 2018-08-31\n";

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;
    private String a;
    private String b;
    private String c;
    private String mine;

    /** a is CREATE_COMPLETE, b CREATE_FAILED, c CREATE_IN_PROGRESS. */
    @BeforeEach
    void threeStacks() {
        stacks = new StackFixtures(kafka);
        String prefix = "l" + UUID.randomUUID().toString().substring(0, 8);
        a = prefix + "-a";
        b = prefix + "-b";
        c = prefix + "-c";
        String idA = stacks.create(a, HELLO);
        String idB = stacks.create(b, HELLO);
        stacks.create(c, HELLO);
        stacks.stackStatus(idA, a, "CREATE", "COMPLETE", 2);
        stacks.stackStatus(idB, b, "CREATE", "FAILED", 2);
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong(
                "select count(*) from stack where name in (?, ?) and status <> 'IN_PROGRESS'", a, b) == 2);
        mine = "name=" + a + "&name=" + b + "&name=" + c;
    }

    @Test
    void sortKeysAndDirectionOrderTheListAndUnknownKeysAreIgnored() {
        assertThat(names("")).containsExactly(c, b, a);
        assertThat(names("sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("sort_keys=stack_name&sort_dir=desc")).containsExactly(c, b, a);
        assertThat(names("sort_keys=stack_name&sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("sort_keys=stack_status&sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("sort_keys=creation_time&sort_dir=desc")).containsExactly(c, b, a);
        assertThat(names("sort_keys=updated_time&sort_keys=stack_name&sort_dir=asc-nullsfirst"))
                .containsExactly(a, b, c);
        assertThat(names("sort_keys=bogus&sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("sort_keys=bogus")).containsExactly(c, b, a);
    }

    @Test
    void filtersKeepWhatTheyName() {
        assertThat(names("status=COMPLETE")).containsExactly(a);
        assertThat(names("status=CREATE_FAILED")).containsExactly(b);
        assertThat(names("stack_status=FAILED&status=IN_PROGRESS&sort_dir=asc")).containsExactly(b, c);
        assertThat(names("action=CREATE&sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("action=DELETE")).isEmpty();
        assertThat(names("status=BOGUS")).isEmpty();
        assertThat(names("tenant=demo&sort_dir=asc")).containsExactly(a, b, c);
        assertThat(names("tenant=other")).isEmpty();
        assertThat(names("owner_id=x")).isEmpty();
        String idB = idOf(b);
        assertThat(given().header("X-Auth-Token", StackFixtures.TOKEN).get("/v1/demo/stacks?id=" + idB)
                .then().statusCode(200).extract().jsonPath().getList("stacks.stack_name", String.class))
                .containsExactly(b);
        JsonPath body = list("status=COMPLETE");
        assertThat(body.getString("stacks[0].stack_status")).isEqualTo("CREATE_COMPLETE");
        assertThat(body.getString("stacks[0].links[0].href")).endsWith("/v1/demo/stacks/" + a + "/" + idOf(a));
        api().get("/v1/demo/stacks?" + mine).then().statusCode(200)
                .body("stacks[0]", hasKey("creation_time"))
                .body("stacks[0]", hasKey("stack_status_reason"))
                .body("stacks[0]", not(hasKey("parameters")))
                .body("stacks[0]", not(hasKey("count")));
    }

    @Test
    void limitAndMarkerPageWithANextLinkAndCountsIgnorePaging() {
        List<String> all = ids("sort_dir=asc");
        JsonPath first = list("sort_dir=asc&limit=2");
        assertThat(first.getList("stacks.stack_name", String.class)).containsExactly(a, b);
        assertThat(first.getString("links[0].rel")).isEqualTo("next");
        assertThat(first.getString("links[0].href")).contains("marker=" + all.get(1)).contains("limit=2");
        assertThat(names("sort_dir=asc&limit=2&marker=" + all.get(1))).containsExactly(c);
        assertThat(list("sort_dir=asc&limit=2&marker=" + all.get(1)).getList("links")).isNull();
        assertThat(names("limit=2&marker=" + all.get(2))).containsExactly(b, a);
        assertThat(names("status=COMPLETE&status=IN_PROGRESS&sort_dir=asc&marker=" + all.get(1)))
                .containsExactly(c);
        // Heat starts from the beginning when it finds no stack with the marker's id
        assertThat(names("sort_dir=asc&marker=" + UUID.randomUUID())).containsExactly(a, b, c);
        assertThat(list("with_count=true&limit=1").getInt("count")).isEqualTo(3);
        assertThat(list("with_count=true&status=FAILED").getInt("count")).isEqualTo(1);
        assertThat(list("with_count=false").getMap("")).doesNotContainKey("count");
    }

    @Test
    void deletedStacksAreListedOnlyWhenAskedFor() {
        String idC = idOf(c);
        api().delete("/v1/demo/stacks/" + c + "/" + idC).then().statusCode(204);
        stacks.stackStatus(idC, c, "DELETE", "COMPLETE", 9);
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong(
                "select count(*) from stack where id = ?::uuid and deleted_at is not null", idC) == 1);
        assertThat(names("sort_dir=asc")).containsExactly(a, b);
        assertThat(names("sort_dir=asc&show_deleted=True")).containsExactly(a, b, c);
        assertThat(list("show_deleted=true&status=DELETE_COMPLETE").getString("stacks[0].deletion_time")).isNotNull();
        assertThat(list("with_count=true&show_deleted=false").getInt("count")).isEqualTo(2);
    }

    @Test
    void malformedParametersAndGlobalTenantAreRefusedAsHeatDoes() {
        api().get("/v1/demo/stacks?sort_dir=sideways").then().statusCode(400)
                .body("error.type", equalTo("ValueError"))
                .body("error.message", equalTo("Unknown sort direction, must be one of: "
                        + "asc-nullsfirst, asc-nullslast, desc-nullsfirst, desc-nullslast"));
        api().get("/v1/demo/stacks?limit=ten").then().statusCode(400)
                .body("error.message", equalTo("Only integer is acceptable by 'limit'."));
        api().get("/v1/demo/stacks?limit=-3").then().statusCode(400)
                .body("error.message", equalTo("Value '-3' is invalid for 'limit' which only accepts non-negative integer."));
        api().get("/v1/demo/stacks?show_deleted=maybe").then().statusCode(400)
                .body("error.message", equalTo(
                        "Unrecognized value \"maybe\" for \"show_deleted\", acceptable values are: true, false."));
        api().get("/v1/demo/stacks?with_count=2").then().statusCode(400)
                .body("error.message", containsString("for \"with_count\""));
        api().get("/v1/demo/stacks?global_tenant=true").then().statusCode(403)
                .body("error.message", equalTo("You are not authorized to use global_index."));
        assertThat(names("global_tenant=false&sort_dir=asc")).containsExactly(a, b, c);
    }

    @Test
    void anAdminListsEveryTenantsStacksWithGlobalTenant() {
        assertThat(given().header("X-Auth-Token", "admin-token").get("/v1/other/stacks?" + mine)
                .then().statusCode(200).extract().jsonPath().getList("stacks")).isEmpty();
        JsonPath all = given().header("X-Auth-Token", "admin-token")
                .get("/v1/other/stacks?global_tenant=true&with_count=true&sort_dir=asc&" + mine)
                .then().statusCode(200).extract().jsonPath();
        assertThat(all.getList("stacks.stack_name", String.class)).containsExactly(a, b, c);
        assertThat(all.getInt("count")).isEqualTo(3);
        given().header("X-Auth-Token", "other-token").get("/v1/other/stacks?global_tenant=true").then()
                .statusCode(403).body("error.message", equalTo("You are not authorized to use global_index."));
    }

    @Test
    void anotherTenantListsNoneOfThemAndTokensAreChecked() {
        assertThat(given().header("X-Auth-Token", "other-token").get("/v1/other/stacks?" + mine)
                .then().statusCode(200).extract().jsonPath().getList("stacks")).isEmpty();
        given().header("X-Auth-Token", "forged").get("/v1/demo/stacks?" + mine).then().statusCode(401);
        api().get("/v1/demo/stacks?sort_dir=asc&limit=1&" + mine).then().statusCode(200)
                .body("links[0].href", containsString("/v1/demo/stacks?"))
                .body("stacks[0].links[0].href", endsWith(idOf(a)));
    }

    private JsonPath list(String query) {
        return api().get("/v1/demo/stacks?" + mine + (query.isEmpty() ? "" : "&" + query)).then().statusCode(200)
                .extract().jsonPath();
    }

    private List<String> names(String query) {
        return list(query).getList("stacks.stack_name", String.class);
    }

    private String idOf(String name) {
        JsonPath all = list("");
        return all.getString("stacks.find { it.stack_name == '" + name + "' }.id");
    }

    private List<String> ids(String query) {
        return list(query).getList("stacks.id", String.class);
    }
}
