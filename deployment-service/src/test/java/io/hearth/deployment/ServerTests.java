package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Servers over the real topics and database: the test plays the compute driver (reads the desired states on
 * {@code hearth.compute.servers}, reports on {@code hearth.compute.status}) and the signal gateway (sends check-ins
 * to {@code hearth.signals}).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ServerTests {

    private static final String GATEWAY = "/hearth/signal-gateway";

    @Inject
    PresignedUrls urls;

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @RegisterExtension
    final TopicRecords lifecycle = new TopicRecords(Topics.INSTANCE_LIFECYCLE);

    private static StackPlan serverAndValue(Integer timeoutMins) {
        StackPlan plan = plan(List.of(
                resource("server", "OS::Nova::Server", """
                        {"name": "web", "image": "fedora", "flavor": "m1.small", "user_data": "#!/bin/sh",
                         "user_data_format": "SOFTWARE_CONFIG"}"""),
                resource("address", "OS::Heat::Value", """
                        {"value": {"get_attr": ["server", "first_address"]}}""", "server")),
                "address", "{\"get_attr\": [\"address\", \"value\"]}",
                "server_id", "{\"get_resource\": \"server\"}");
        return new StackPlan(plan.templateVersion(), plan.description(), plan.parameters(), plan.resources(),
                plan.outputs(), timeoutMins, plan.disableRollback());
    }

    @Test
    void aServerWaitsForItsAgentThenCompletesWithItsAddressAndIsDeletedWithItsInstance() {
        String id = UUID.randomUUID().toString();
        driver.create(id, serverAndValue(null));

        ServerSpec create = awaitNewServer(id);
        String serverId = create.serverId();
        assertThat(serverId).matches("[0-9a-f-]{36}");
        assertThat(create).isEqualTo(new ServerSpec(serverId, id, "demo", "web", "fedora", "m1.small",
                create.metadataUrl(), create.userData()));
        assertThat(desired(id)).containsExactly(new ServerDesired(serverId, id, "demo", 1, ServerDesired.State.ACTIVE,
                create, id));
        assertThat(desired(id).get(0).reportKey()).as("a driver's reports are keyed by the tree").isEqualTo(id);
        String metadataPath = "/v1/trees/" + id + "/stacks/" + id + "/servers/" + serverId + "/metadata";
        assertThat(create.metadataUrl()).startsWith("http://127.0.0.1:8006" + metadataPath + "?");
        assertThat(urls.verify("GET", metadataPath, create.metadataUrl().substring(
                create.metadataUrl().indexOf('?') + 1))).isEqualTo(PresignedUrls.Verification.OK);
        assertThat(create.userData().asText()).isEqualTo("#!/bin/sh");
        assertThat(desiredKeys(id)).containsExactly(serverId);

        // Until the agent checks in, the server is in progress and its dependent has not started.
        driver.awaitStatus(id, "CREATE_IN_PROGRESS");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS");
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS");
        assertThat(driver.statesOf(id, "address")).isEmpty();

        checkIn(id, serverId, "10.0.0.5", "boot-1");

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(statuses.get(1).statusReason()).isEqualTo("Stack CREATE completed successfully");
        assertThat(driver.outputs(id).get("address").asText()).isEqualTo("10.0.0.5");
        assertThat(driver.outputs(id).get("server_id").asText()).isEqualTo(serverId);
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "server CREATE_IN_PROGRESS",
                "server CREATE_COMPLETE", "address CREATE_IN_PROGRESS", "address CREATE_COMPLETE",
                "stack CREATE_COMPLETE");
        ResourceStatusChanged server = driver.resources(id).get(1);
        assertThat(server.physicalResourceId()).isEqualTo(serverId);
        assertThat(server.attributes().get("name").asText()).isEqualTo("web");
        assertThat(server.attributes().get("first_address").asText()).isEqualTo("10.0.0.5");
        assertThat(server.attributes().get("networks")).isEqualTo(json("{\"private\": [\"10.0.0.5\"]}"));
        assertThat(server.attributes().get("addresses")).isEqualTo(json(
                "{\"private\": [{\"addr\": \"10.0.0.5\", \"version\": 4, \"OS-EXT-IPS:type\": \"fixed\"}]}"));
        assertThat(server.attributes().get("os_collect_config")).isEqualTo(json("{\"collectors\": [\"request\","
                + " \"local\"], \"request\": {\"metadata_url\": \"" + create.metadataUrl() + "\"}}"));

        InstanceStateChanged up = awaitInstance(id, 1).get(0);
        assertThat(up.serverId()).isEqualTo(serverId);
        assertThat(up.resourceName()).isEqualTo("server");
        assertThat(up.address()).isEqualTo("10.0.0.5");
        assertThat(up.tenant()).isEqualTo("demo");
        assertThat(up.previousState() + " -> " + up.state()).isEqualTo("CREATE_IN_PROGRESS -> CREATE_COMPLETE");

        // The same agent checking in again (and a new boot, which is only logged) changes nothing.
        long written = outboxRows(id, serverId);
        CloudEvent again = checkIn(id, serverId, "10.0.0.5", "boot-1");
        CloudEvent reboot = checkIn(id, serverId, "10.0.0.5", "boot-2");
        await().atMost(WAIT).until(() -> processed(again) && processed(reboot));
        assertThat(outboxRows(id, serverId)).isEqualTo(written);
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        // the next generation wants the server gone (no spec: nothing is created from it), under the same key
        assertThat(awaitDeleted(id)).containsExactly(new ServerDesired(serverId, id, "demo", 2,
                ServerDesired.State.DELETED, null, id));
        assertThat(desiredKeys(id)).containsExactly(serverId, serverId);
        InstanceStateChanged down = awaitInstance(id, 2).get(1);
        assertThat(down.previousState() + " -> " + down.state()).isEqualTo("CREATE_COMPLETE -> DELETE_IN_PROGRESS");
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
    }

    @Test
    void aServerWithoutNameIsNamedAfterTheStackAndADeployedServerHasNoImageOrFlavor() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("deployed", "OS::Heat::DeployedServer", "{}"))));

        ServerSpec create = awaitNewServer(id);
        // Heat's physical name, cut to the 53 characters of a server name as Heat cuts it.
        assertThat(create.name()).hasSize(53).matches("s--.*-deployed-[a-z2-7]{12}");
        assertThat(create.image()).isNull();
        assertThat(create.flavor()).isNull();
        assertThat(create.userData() == null || create.userData().isNull()).as("no user data").isTrue();

        checkIn(id, create.serverId(), null, "boot-1");
        driver.awaitStatus(id, "CREATE_COMPLETE");
        ResourceStatusChanged deployed = driver.resources(id).get(1);
        assertThat(deployed.attributes().get("name").asText()).isEqualTo(create.name());
        assertThat(deployed.attributes().get("first_address").asText()).isEmpty();
        assertThat(deployed.attributes().get("networks")).isEqualTo(json("{}"));
    }

    @Test
    void aDeployedServerPolledByHeatsOwnAgentsIsCompleteAtOnceAndNoComputeDriverHearsOfIt() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("deployed", "OS::Heat::DeployedServer",
                "{\"software_config_transport\": \"POLL_TEMP_URL\"}"))));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        ResourceStatusChanged deployed = driver.resources(id).get(1);
        String serverId = deployed.physicalResourceId();
        assertThat(deployed.attributes().get("os_collect_config").path("collectors")).isEqualTo(
                json("[\"request\", \"local\"]"));
        assertThat(deployed.attributes().get("os_collect_config").path("request").path("metadata_url").asText())
                .contains("/v1/trees/" + id + "/stacks/" + id + "/servers/" + serverId + "/metadata");
        InstanceStateChanged up = awaitInstance(id, 1).get(0);
        assertThat(up.serverId()).isEqualTo(serverId);
        assertThat(up.previousState() + " -> " + up.state()).isEqualTo("CREATE_IN_PROGRESS -> CREATE_COMPLETE");

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        InstanceStateChanged down = awaitInstance(id, 2).get(1);
        assertThat(down.previousState() + " -> " + down.state()).isEqualTo("CREATE_COMPLETE -> DELETE_IN_PROGRESS");
        assertThat(desired(id)).isEmpty();
    }

    @Test
    void aMetadataChangeUpdatesTheServerInPlaceAndAFlavorChangeReplacesIt() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("server", "OS::Nova::Server", """
                {"image": "fedora", "flavor": "m1.small", "metadata": {"role": "web"}}"""))));
        String first = awaitNewServer(id).serverId();
        checkIn(id, first, "10.0.0.5", "boot-1");
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, plan(List.of(resource("server", "OS::Nova::Server", """
                {"image": "fedora", "flavor": "m1.small", "metadata": {"role": "db"}}"""))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(driver.resources(id).get(3).attributes().get("first_address").asText()).isEqualTo("10.0.0.5");

        driver.update(id, plan(List.of(resource("server", "OS::Nova::Server", """
                {"image": "fedora", "flavor": "m1.large", "metadata": {"role": "db"}}"""))));
        await().atMost(WAIT).until(() -> ComputeRecords.creates(compute.records(), id).size() == 2);
        ServerSpec replacement = ComputeRecords.creates(compute.records(), id).get(1);
        assertThat(replacement.serverId()).isNotEqualTo(first);
        assertThat(replacement.flavor()).isEqualTo("m1.large");
        checkIn(id, replacement.serverId(), "10.0.0.6", "boot-1");

        driver.awaitStatuses(id, 6);
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        // The new server is created first; the old one is deleted once the update is otherwise done.
        assertThat(driver.statesOf(id, "server").subList(4, 8)).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(awaitDeleted(id)).extracting(ServerDesired::serverId).containsExactly(first);
        assertThat(awaitInstance(id, 3)).extracting(i -> i.serverId() + " " + i.state()).containsExactly(
                first + " CREATE_COMPLETE", replacement.serverId() + " CREATE_COMPLETE",
                first + " DELETE_IN_PROGRESS");
    }

    @Test
    void aServerWhoseAgentNeverChecksInFailsWhenTheStackTimesOut() {
        String id = UUID.randomUUID().toString();
        driver.create(id, serverAndValue(5));
        String serverId = awaitNewServer(id).serverId();
        report(id, serverId, 1, ServerReported.State.ACCEPTED, null);

        // Accepted by a driver, the server waits no longer than the stack's deadline, five minutes after the create
        // started (no longer the accept timeout).
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from resource_runtime r join stack_runtime s"
                + " on r.stack_id = s.id where s.id = ?::uuid and r.wake_at = s.timeout_at"
                + " and s.timeout_at > now() + interval '4 minutes'", id) == 1);

        // As if the five minutes had passed.
        db.execute("update stack_runtime set timeout_at = now() - interval '1 second' where id = '" + id + "'",
                "update resource_runtime set wake_at = now() - interval '1 second' where stack_id = '" + id + "'");

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(statuses.get(1).statusReason()).isEqualTo("Timed out");
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        assertThat(driver.resources(id).get(1).statusReason()).isEqualTo("CREATE aborted (Task create from Server"
                + " \"server\" [" + serverId + "] Stack \"s-" + id + "\" [" + id + "] Timed out)");
        assertThat(driver.statesOf(id, "address")).isEmpty();

        // A late check-in finds the server failed and changes nothing.
        CloudEvent late = checkIn(id, serverId, "10.0.0.9", "boot-1");
        await().atMost(WAIT).until(() -> processed(late));
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and action = 'CREATE' and status = 'FAILED' and wake_at is null", id)).isOne();
    }

    private CloudEvent checkIn(String stackId, String serverId, String address, String bootId) {
        return checkIn(stackId, stackId, serverId, address, bootId);
    }

    /** A check-in as the gateway publishes it: keyed by the stack's tree ({@code rootStackId}). */
    private CloudEvent checkIn(String rootStackId, String stackId, String serverId, String address, String bootId) {
        CloudEvent event = CloudEvent.of(GATEWAY, stackId,
                new ServerCheckedIn(stackId, serverId, address, "0.1.0", bootId, Instant.now()));
        driver.publish(Topics.SIGNALS, rootStackId, event.toJson());
        return event;
    }

    @Test
    void aServerNoComputeDriverAcceptsFailsWithinTheAcceptTimeoutSayingSo() {
        String id = UUID.randomUUID().toString();
        driver.create(id, serverAndValue(null));
        String serverId = awaitNewServer(id).serverId();

        // hearth.compute.accept-timeout is 20 s in tests: no driver reports the server, its agent never checks in
        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(driver.statesOf(id, "server")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        String reason = driver.resources(id).get(1).statusReason();
        assertThat(reason).startsWith("Error: resources.server: no compute driver accepted server " + serverId
                + " within 20 s (").contains("heartbeat").endsWith("); a server that exists elsewhere, run by its own"
                + " agents, is an OS::Heat::DeployedServer with software_config_transport POLL_TEMP_URL");
        assertThat(statuses.get(1).statusReason()).contains("no compute driver accepted server " + serverId);
        assertThat(driver.statesOf(id, "address")).isEmpty();
        // a driver that comes later must not create it: the next generation wants it gone
        assertThat(awaitDeleted(id)).extracting(ServerDesired::serverId, ServerDesired::generation)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(serverId, 2L));
    }

    @Test
    void aDriverThatAcceptedTheServerLetsItWaitForItsAgentAndAFailedReportFailsItWithTheDriversReason() {
        String accepted = UUID.randomUUID().toString();
        driver.create(accepted, serverAndValue(null));
        String acceptedServer = awaitNewServer(accepted).serverId();
        report(accepted, acceptedServer, 1, ServerReported.State.ACCEPTED, null);
        String failing = UUID.randomUUID().toString();
        driver.create(failing, serverAndValue(null));
        String failingServer = awaitNewServer(failing).serverId();
        report(failing, failingServer, 1, ServerReported.State.ACCEPTED, null);
        report(failing, failingServer, 1, ServerReported.State.FAILED, "no capacity left for m1.small");

        assertThat(driver.awaitStatus(failing, "CREATE_FAILED").get(1).statusReason()).isEqualTo(
                "Resource CREATE failed: Error: resources.server: compute driver test could not bring server "
                        + failingServer + " up: no capacity left for m1.small");
        // past the accept timeout, the accepted server still waits for its agent, which then completes it
        await().pollDelay(Duration.ofSeconds(22)).atMost(WAIT).until(() -> true);
        assertThat(driver.statesOf(accepted, "server")).containsExactly("CREATE_IN_PROGRESS");
        checkIn(accepted, acceptedServer, "10.0.0.5", "boot-1");
        driver.awaitStatus(accepted, "CREATE_COMPLETE");

        // deleted: generation 2 wants it gone; once the driver reports it DELETED its key gets a tombstone
        driver.delete(accepted);
        driver.awaitStatus(accepted, "DELETE_COMPLETE");
        assertThat(awaitDeleted(accepted)).extracting(ServerDesired::generation).containsExactly(2L);
        report(accepted, acceptedServer, 2, ServerReported.State.DELETED, null);
        await().atMost(WAIT).until(() -> compute.records().stream()
                .anyMatch(r -> acceptedServer.equals(r.key()) && r.value() == null));
    }

    /** Reports a generation of a server as a compute driver named {@code test}. */
    private void report(String stackId, String serverId, long generation, ServerReported.State state, String reason) {
        driver.publish(Topics.COMPUTE_STATUS, serverId, CloudEvent.of("/hearth/compute", serverId,
                new ServerReported(serverId, stackId, "demo", generation, state, "test", reason)).toJson());
    }

    private ServerSpec awaitNewServer(String stackId) {
        await().atMost(WAIT).until(() -> !ComputeRecords.creates(compute.records(), stackId).isEmpty());
        return ComputeRecords.creates(compute.records(), stackId).get(0);
    }

    private List<ServerDesired> desired(String stackId) {
        return ComputeRecords.desired(compute.records(), stackId);
    }

    private List<ServerDesired> awaitDeleted(String stackId) {
        await().atMost(WAIT).until(() -> desired(stackId).stream()
                .anyMatch(d -> d.desired() == ServerDesired.State.DELETED));
        return desired(stackId).stream().filter(d -> d.desired() == ServerDesired.State.DELETED).toList();
    }

    /** The Kafka keys of a stack's servers' desired states. */
    @Test
    void aGroupMembersServerNamesItsGroupWhenItComesUpAndGoes() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("workers", "OS::Heat::ResourceGroup", """
                {"count": 2, "resource_def": {"type": "OS::Nova::Server",
                 "properties": {"image": "fedora", "flavor": "m1.small"}}}"""))));
        await().atMost(WAIT).until(() -> nestedOf(id).size() == 1);
        String group = nestedOf(id).get(0);
        await().atMost(WAIT).until(() -> ComputeRecords.creates(compute.records(), group).size() == 2);
        List<String> servers = ComputeRecords.creates(compute.records(), group).stream()
                .map(ServerSpec::serverId).toList();
        // A member's agent polls a URL naming the tree, so the gateway keys its check-in by the top-level stack.
        for (ServerSpec member : ComputeRecords.creates(compute.records(), group)) {
            String path = "/v1/trees/" + id + "/stacks/" + group + "/servers/" + member.serverId() + "/metadata";
            String url = member.metadataUrl();
            assertThat(url).startsWith("http://127.0.0.1:8006" + path + "?");
            assertThat(urls.verify("GET", path, url.substring(url.indexOf('?') + 1)))
                    .isEqualTo(PresignedUrls.Verification.OK);
        }
        checkIn(id, group, servers.get(0), "10.0.0.7", "boot-1");
        checkIn(id, group, servers.get(1), "10.0.0.8", "boot-1");
        driver.awaitStatus(id, "CREATE_COMPLETE");

        // Keyed by the top-level stack: both members reach the membership view in the order they were written.
        List<InstanceStateChanged> up = awaitInstance(id, 2);
        assertThat(up).extracting(InstanceStateChanged::groupName).containsOnly("workers");
        assertThat(up).extracting(InstanceStateChanged::groupStackId).containsOnly(id);
        assertThat(up).extracting(InstanceStateChanged::stackId).containsOnly(group);
        // the servers are the members themselves, not part of member template resources
        assertThat(up).extracting(InstanceStateChanged::memberStackId).containsOnlyNulls();
        assertThat(up).extracting(InstanceStateChanged::serverId).containsExactlyInAnyOrderElementsOf(servers);
        assertThat(up).extracting(InstanceStateChanged::state).containsOnly("CREATE_COMPLETE");

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        List<InstanceStateChanged> all = awaitInstance(id, 4);
        assertThat(all.subList(2, 4)).extracting(InstanceStateChanged::state).containsOnly("DELETE_IN_PROGRESS");
        assertThat(all.subList(2, 4)).extracting(InstanceStateChanged::groupName).containsOnly("workers");
    }

    private List<String> nestedOf(String parentId) {
        return driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class)).filter(n -> n.parentStackId().equals(parentId))
                .map(NestedStackCreated::stackId).toList();
    }

    private List<String> desiredKeys(String stackId) {
        return compute.records().stream().filter(r -> r.value() != null
                && stackId.equals(CloudEvent.parse(r.value()).data().path("stackId").asText()))
                .map(r -> r.key()).toList();
    }

    private List<InstanceStateChanged> awaitInstance(String stackId, int count) {
        await().atMost(WAIT).until(() -> instances(stackId).size() >= count);
        return instances(stackId);
    }

    private List<InstanceStateChanged> instances(String stackId) {
        return lifecycle.records().stream().filter(r -> stackId.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value()))
                .filter(e -> InstanceStateChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(InstanceStateChanged.class)).toList();
    }

    private boolean processed(CloudEvent event) {
        return db.queryLong("select count(*) from processed_event where event_id = ?", event.id()) == 1;
    }

    /** Every outbox row about the stack or its server, published or not. */
    private long outboxRows(String stackId, String serverId) {
        return db.queryLong("select count(*) from outbox_event where aggregateid in (?, ?)", stackId, serverId);
    }

    private static com.fasterxml.jackson.databind.JsonNode json(String text) {
        return io.hearth.contracts.envelope.HearthJson.readTree(text);
    }
}
