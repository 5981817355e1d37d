package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricAlarmDeleted;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * OS::Hearth::MetricAlarm over the real topics and database: its definition on {@code hearth.metrics} with the stack,
 * its {@code metric_url}, and the {@code deploy_metric_url} a group member's deployment gets in its server's metadata.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class MetricAlarmTests {

    private static final String ALARM = """
            heat_template_version: 2021-04-16
            parameters:
              member_server: {type: string}
              lone_server: {type: string}
              threshold: {type: number}
            resources:
              config:
                type: OS::Heat::SoftwareConfig
                properties: {group: script, config: "echo hi"}
              workers:
                type: OS::Heat::ResourceGroup
                properties:
                  count: 1
                  resource_def:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: config}
                      server: {get_param: member_server}
                      signal_transport: NO_SIGNAL
              lone:
                type: OS::Heat::SoftwareDeployment
                properties: {config: {get_resource: config}, server: {get_param: lone_server},
                  signal_transport: NO_SIGNAL}
              busy:
                type: OS::Hearth::MetricAlarm
                properties:
                  meter_name: queue_length
                  statistic: max
                  period: 5
                  evaluation_periods: 2
                  threshold: {get_param: threshold}
                  comparison_operator: ge
                  alarm_actions: ["http://127.0.0.1:9/scale-out"]
                  repeat_actions: false
                  group: {get_resource: workers}
            outputs:
              metric_url: {value: {get_attr: [busy, metric_url]}}
              alarm_id: {value: {get_resource: busy}}
            """;

    private static final String NOT_A_GROUP = """
            heat_template_version: 2021-04-16
            resources:
              thing: {type: OS::Heat::None}
              busy:
                type: OS::Hearth::MetricAlarm
                properties: {meter_name: load, threshold: 1, group: {get_resource: thing}}
            """;

    @Inject
    PresignedUrls urls;

    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords metrics = new TopicRecords(Topics.METRICS);

    @RegisterExtension
    final TopicRecords metadata = new TopicRecords(Topics.SERVER_DEPLOYMENTS);

    private StackPlan plan(String id, String template, Map<String, JsonNode> parameters) {
        return planner.plan(new TemplateReader().readTemplate(template).document(), null, parameters, Map.of(),
                new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    @Test
    void anAlarmsDefinitionGoesWithItsStackAndEveryServerOfTheGroupGetsTheGroupsMetricUrl() {
        String id = UUID.randomUUID().toString();
        String member = "member-" + id;
        String lone = "lone-" + id;
        driver.create(id, plan(id, ALARM, parameters(member, lone, 10)));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        String path = "/v1/metrics/trees/" + id + "/stacks/" + id + "/groups/workers";
        String metricUrl = driver.outputs(id).get("metric_url").asText();
        assertThat(metricUrl).startsWith("http://127.0.0.1:8006" + path + "?kid=");
        assertThat(verify(metricUrl)).isEqualTo(PresignedUrls.Verification.OK);
        assertThat(urls.verify("POST", path.replace("workers", "other"), query(metricUrl)))
                .as("signed for its group only").isEqualTo(PresignedUrls.Verification.BAD_SIGNATURE);

        MetricAlarmDefined defined = awaitMetrics(id, 1).get(0).dataAs(MetricAlarmDefined.class);
        String alarmId = driver.outputs(id).get("alarm_id").asText();
        assertThat(defined).isEqualTo(new MetricAlarmDefined(id, id, "demo", alarmId, "busy", "queue_length", "max",
                5, 2, 10.0, "ge", List.of("http://127.0.0.1:9/scale-out"), List.of(), List.of(), false, true, id,
                "workers"));

        // A member's deployment (in the group's nested stack) gets the group's URL; one outside any group its stack's.
        assertThat(metricUrlOf(member)).contains(path + "?kid=");
        assertThat(verify(metricUrlOf(member))).isEqualTo(PresignedUrls.Verification.OK);
        assertThat(metricUrlOf(lone)).contains("/v1/metrics/trees/" + id + "/stacks/" + id + "?kid=");
        assertThat(verify(metricUrlOf(lone))).isEqualTo(PresignedUrls.Verification.OK);

        driver.update(id, plan(id, ALARM, parameters(member, lone, 20)));
        awaitStatusCount(id, "UPDATE_COMPLETE");
        MetricAlarmDefined updated = awaitMetrics(id, 2).get(1).dataAs(MetricAlarmDefined.class);
        assertThat(updated.alarmId()).isEqualTo(alarmId);
        assertThat(updated.threshold()).isEqualTo(20.0);

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        CloudEvent deleted = awaitMetrics(id, 3).get(2);
        assertThat(deleted.dataAs(MetricAlarmDeleted.class)).isEqualTo(new MetricAlarmDeleted(id, id, alarmId));
        assertThat(driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class).parentStackId())).contains(id);
    }

    @Test
    void anAlarmWhoseGroupIsNoGroupFailsNamingIt() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, NOT_A_GROUP, Map.of()));
        driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(driver.resources(id).stream().filter(r -> r.resourceName().equals("busy")
                && "FAILED".equals(r.status())).findFirst().orElseThrow().statusReason())
                .isEqualTo("StackValidationFailed: resources.busy: Property error: busy.Properties.group: thing is "
                        + "not an OS::Heat::AutoScalingGroup or OS::Heat::ResourceGroup of this stack");
        assertThat(metrics.records()).noneMatch(r -> id.equals(r.key()));
    }

    private static Map<String, JsonNode> parameters(String member, String lone, int threshold) {
        return Map.of("member_server", TextNode.valueOf(member), "lone_server", TextNode.valueOf(lone),
                "threshold", TextNode.valueOf(Integer.toString(threshold)));
    }

    private List<CloudEvent> awaitMetrics(String key, int count) {
        await().atMost(StackDriver.WAIT).until(() -> metricsOf(key).size() >= count);
        return metricsOf(key);
    }

    private List<CloudEvent> metricsOf(String key) {
        return metrics.records().stream().filter(r -> key.equals(r.key())).map(r -> CloudEvent.parse(r.value()))
                .toList();
    }

    private String metricUrlOf(String serverId) {
        await().atMost(StackDriver.WAIT).until(() -> metadata.records().stream()
                .anyMatch(r -> serverId.equals(ServerDeployment.serverOf(r.key())) && r.value() != null));
        ServerDeployment record = metadata.records().stream()
                .filter(r -> serverId.equals(ServerDeployment.serverOf(r.key())) && r.value() != null)
                .map(r -> CloudEvent.parse(r.value()).dataAs(ServerDeployment.class)).reduce((a, b) -> b).orElseThrow();
        return record.item().inputs().stream().filter(i -> i.name().equals("deploy_metric_url"))
                .map(DeploymentInput::value).map(JsonNode::asText).findFirst().orElseThrow();
    }

    private PresignedUrls.Verification verify(String url) {
        String path = url.substring("http://127.0.0.1:8006".length(), url.indexOf('?'));
        return urls.verify("POST", path, query(url));
    }

    private static String query(String url) {
        return url.substring(url.indexOf('?') + 1);
    }

    private void awaitStatusCount(String id, String status) {
        await().atMost(StackDriver.WAIT).until(() -> driver.statuses(id).stream()
                .anyMatch(s -> s.stackStatus().equals(status)));
    }
}
