package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stack create with resources that need no server, over the real topics and database. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackCreateTests {

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    private static final List<PlannedResource> EVERY_TYPE = List.of(
            resource("pw", "OS::Heat::RandomString", """
                    {"length": 12, "character_classes": [{"class": "letters"}]}"""),
            resource("nothing", "OS::Heat::None", """
                    {"anything": [1, 2]}"""),
            resource("greeting", "OS::Heat::Value", """
                    {"value": {"str_replace": {"template": "hello $pw",
                                               "params": {"$pw": {"get_attr": ["pw", "value"]}}}}}""", "pw"),
            resource("echo", "OS::Heat::Value", """
                    {"value": {"get_attr": ["greeting", "value"]}, "type": "string"}""", "greeting"),
            resource("test", "OS::Heat::TestResource", """
                    {"value": {"get_resource": "pw"}}""", "pw"),
            resource("script", "OS::Heat::SoftwareConfig", """
                    {"group": "script", "config": "#!/bin/sh\\necho hi\\n",
                     "inputs": [{"name": "foo"}], "outputs": [{"name": "result"}]}"""),
            resource("structured", "OS::Heat::StructuredConfig", """
                    {"config": {"greeting": {"get_attr": ["echo", "value"]}}}""", "echo"),
            resource("component", "OS::Heat::SoftwareComponent", """
                    {"configs": [{"tool": "script", "config": "make"}]}"""),
            resource("cloud", "OS::Heat::CloudConfig", """
                    {"cloud_config": {"runcmd": ["echo hi"],
                                      "write_files": [{"path": "/tmp/x", "content": {"get_attr": ["echo", "value"]}}]}}
                    """, "echo"),
            resource("mime", "OS::Heat::MultipartMime", """
                    {"parts": [{"config": {"get_resource": "cloud"}},
                               {"config": {"get_resource": "script"}, "filename": "run.sh",
                                "subtype": "x-shellscript"}]}""", "cloud", "script"));

    @Test
    void everyServerlessTypeIsCreatedInDependencyOrderAndTheOutputsResolve() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(EVERY_TYPE,
                "password", "{\"get_attr\": [\"pw\", \"value\"]}",
                "greeting", "{\"get_attr\": [\"echo\", \"value\"]}",
                "test", "{\"get_attr\": [\"test\", \"output\"]}",
                "script_id", "{\"get_resource\": \"script\"}",
                "structured", "{\"get_attr\": [\"structured\", \"config\"]}",
                "cloud", "{\"get_attr\": [\"cloud\", \"config\"]}",
                "mime", "{\"get_attr\": [\"mime\", \"config\"]}",
                "component", "{\"get_attr\": [\"component\", \"configs\"]}",
                "nothing", "{\"get_attr\": [\"nothing\", \"whatever\"]}",
                "all", "{\"get_attr\": [\"greeting\"]}"));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(statuses).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(statuses.get(1).statusReason()).isEqualTo("Stack CREATE completed successfully");

        List<String> log = driver.log(id);
        for (PlannedResource r : EVERY_TYPE) {
            assertThat(driver.statesOf(id, r.name())).as(r.name()).containsExactly("CREATE_IN_PROGRESS",
                    "CREATE_COMPLETE");
            for (String dependency : r.dependsOn()) {
                assertThat(log.indexOf(dependency + " CREATE_COMPLETE"))
                        .as(r.name() + " starts after " + dependency)
                        .isLessThan(log.indexOf(r.name() + " CREATE_IN_PROGRESS"));
            }
        }
        assertThat(driver.resources(id)).allMatch(e -> e.statusReason().equals("state changed"));

        Map<String, JsonNode> outputs = statuses.get(1).outputs();
        String password = outputs.get("password").asText();
        assertThat(password).matches("[a-zA-Z]{12}");
        assertThat(outputs.get("greeting").asText()).isEqualTo("hello " + password);
        assertThat(outputs.get("test").asText()).isEqualTo(password);
        assertThat(outputs.get("structured")).isEqualTo(json("{\"greeting\": \"hello " + password + "\"}"));
        assertThat(outputs.get("cloud").asText()).isEqualTo("#cloud-config\nruncmd:\n- echo hi\nwrite_files:\n"
                + "- content: hello " + password + "\n  path: /tmp/x\n");
        assertThat(outputs.get("mime").asText())
                .startsWith("Content-Type: multipart/mixed; boundary=\"===============")
                .contains("Content-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\n"
                        + "Content-Transfer-Encoding: 7bit\n\n#cloud-config\nruncmd:\n")
                .contains("Content-Type: text/x-shellscript; charset=\"us-ascii\"\nMIME-Version: 1.0\n"
                        + "Content-Transfer-Encoding: 7bit\nContent-Disposition: attachment; filename=\"run.sh\"\n\n"
                        + "#!/bin/sh\necho hi\n");
        assertThat(outputs.get("component")).isEqualTo(json(
                "[{\"tool\": \"script\", \"config\": \"make\", \"actions\": [\"CREATE\", \"UPDATE\"]}]"));
        assertThat(outputs.get("nothing").isNull()).isTrue();
        assertThat(outputs.get("all")).isEqualTo(json("{\"value\": \"hello " + password + "\"}"));

        ResourceStatusChanged pw = complete(id, "pw");
        assertThat(pw.physicalResourceId()).matches("s-" + id + "-pw-[a-z2-7]{12}");
        assertThat(pw.attributes().get("value").asText()).isEqualTo(password);
        assertThat(complete(id, "test").physicalResourceId()).matches("s-" + id + "-test-[a-z2-7]{12}");
        assertThat(complete(id, "nothing").physicalResourceId()).matches("[0-9a-f-]{36}");
        ResourceStatusChanged script = complete(id, "script");
        assertThat(outputs.get("script_id").asText()).isEqualTo(script.physicalResourceId());
        assertThat(script.attributes().get("config").asText()).isEqualTo("#!/bin/sh\necho hi\n");
        assertThat(db.queryLong("select count(*) from software_config where id = ?::uuid and tenant = 'demo'"
                + " and config_group = 'script' and name like 's-%-script-%'"
                + " and inputs = '[{\"name\": \"foo\", \"type\": \"String\"}]'::jsonb"
                + " and outputs = '[{\"name\": \"result\", \"type\": \"String\", \"error_output\": false}]'::jsonb"
                + " and options = '{}'::jsonb", script.physicalResourceId())).isOne();
        assertThat(db.queryLong("select count(*) from software_config where id = ?::uuid"
                + " and config_group = 'component'", complete(id, "component").physicalResourceId())).isOne();
    }

    @Test
    void stacksAreCountedByActionAndStatusInTheMetrics() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("nothing", "OS::Heat::None", "{}"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        // A gauge refreshed from stack_runtime (every 200 ms in tests).
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(MetricsPage.scrape()
                .value("hearth_stacks{action=\"CREATE\",status=\"COMPLETE\"}")).hasValueSatisfying(
                        stacks -> assertThat(stacks).isGreaterThanOrEqualTo(1)));
        assertThat(MetricsPage.scrape().text()).doesNotContain(id);
    }

    @Test
    void aFailingTestResourceFailsTheStackWithHeatsReasonAndItsDependentsNeverStart() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("ok", "OS::Heat::TestResource", "{\"value\": \"fine\"}"),
                resource("bad", "OS::Heat::TestResource", "{\"fail\": true}", "ok"),
                resource("after", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"bad\", \"output\"]}}", "bad")),
                "out", "{\"get_attr\": [\"after\", \"value\"]}"));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(statuses.get(1).statusReason())
                .isEqualTo("Resource CREATE failed: ValueError: resources.bad: Test Resource failed bad");
        assertThat(statuses.get(1).outputs()).isNull();
        assertThat(driver.statesOf(id, "ok")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "bad")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        ResourceStatusChanged bad = driver.resources(id).get(3);
        assertThat(bad.statusReason()).isEqualTo("ValueError: resources.bad: Test Resource failed bad");
        assertThat(bad.physicalResourceId()).isNull();
        assertThat(driver.statesOf(id, "after")).isEmpty();
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid and name = 'after'",
                id)).isZero();
    }

    @Test
    void aRuntimeValueThatWouldMakeAnEvaluationTooLargeFailsTheResourceWithTheLimitAsReason() {
        String id = UUID.randomUUID().toString();
        String values = String.join(", ", java.util.stream.IntStream.range(0, 400).mapToObj(i -> "\"v" + i + "\"")
                .toList());
        // the 400 values arrive at run time, as an attribute: 64 million combinations
        driver.create(id, plan(List.of(
                resource("list", "OS::Heat::Value", "{\"value\": [" + values + "]}"),
                resource("hostile", "OS::Heat::Value", """
                        {"value": {"repeat": {"template": "%a%-%b%-%c%", "for_each": {
                          "%a%": {"get_attr": ["list", "value"]}, "%b%": {"get_attr": ["list", "value"]},
                          "%c%": {"get_attr": ["list", "value"]}}}}}""", "list")),
                "out", "{\"get_attr\": [\"hostile\", \"value\"]}"));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String reason = "StackValidationFailed: resources.hostile.properties.value.repeat: \"repeat\" would produce "
                + "64000000 items, more than the limit of 262144 (hearth.deployment.limits.max-evaluated-items)";
        assertThat(statuses.get(1).statusReason()).isEqualTo("Resource CREATE failed: " + reason);
        assertThat(driver.statesOf(id, "list")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "hostile")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        assertThat(driver.resources(id)).filteredOn(e -> e.resourceName().equals("hostile")
                && e.status().equals("FAILED")).extracting(ResourceStatusChanged::statusReason)
                .containsExactly(reason);
    }

    @Test
    void aTestResourceThatWaitsCompletesAfterItsWaitAndThenItsDependentsStart() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("slow", "OS::Heat::TestResource", "{\"value\": \"late\", \"wait_secs\": 2}"),
                resource("after", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"slow\", \"output\"]}}", "slow")),
                "out", "{\"get_attr\": [\"after\", \"value\"]}"));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "slow CREATE_IN_PROGRESS",
                "slow CREATE_COMPLETE", "after CREATE_IN_PROGRESS", "after CREATE_COMPLETE", "stack CREATE_COMPLETE");
        var events = driver.all(id);
        // Heat's wait: the resource is complete only once wait_secs have passed since it started.
        assertThat(Duration.between(events.get(1).time(), events.get(2).time())).isGreaterThanOrEqualTo(
                Duration.ofSeconds(2));
        assertThat(driver.outputs(id).get("out").asText()).isEqualTo("late");
    }

    @Test
    void aWaitingResourceIsResumedFromTheDatabaseAloneAsAfterARestart() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("slow", "OS::Heat::TestResource", "{\"value\": \"v\", \"wait_secs\": 3600}")),
                "out", "{\"get_attr\": [\"slow\", \"output\"]}"));
        org.awaitility.Awaitility.await().atMost(StackDriver.WAIT).until(() -> db.queryLong(
                "select count(*) from resource_runtime where stack_id = ?::uuid and wake_at is not null", id) == 1);

        // All a restarted service has is the row: its wake-up time passing is enough to resume the stack.
        db.execute("update resource_runtime set wake_at = now() - interval '1 second' where stack_id = '" + id + "'");

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "slow")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("out").asText()).isEqualTo("v");
    }

    private ResourceStatusChanged complete(String id, String name) {
        return driver.resources(id).stream()
                .filter(r -> r.resourceName().equals(name) && r.status().equals("COMPLETE")).findFirst().orElseThrow();
    }

    private static JsonNode json(String text) {
        return io.hearth.contracts.envelope.HearthJson.readTree(text);
    }
}
