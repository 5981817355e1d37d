package io.hearth.notifier.membership;

import static io.hearth.notifier.membership.LifecycleBroker.change;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Group membership from {@code hearth.instance.lifecycle} to {@code hearth.membership}, through the real broker
 * and database. Each test uses groups of its own. "Nothing more was published" is checked with a later change
 * of the same group: its generation is the next one, with the members and joins the earlier changes left. A member
 * that is a template resource is listed with its stack's outputs from {@code hearth.stack.events}.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class MembershipTests {

    private static final String JOINING = "CREATE_IN_PROGRESS";
    private static final String UP = "CREATE_COMPLETE";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    final LifecycleBroker broker = new LifecycleBroker();

    @Inject
    Pool pool;

    @Inject
    MembershipPublisher publisher;

    private final String groupStack = UUID.randomUUID().toString();

    @Test
    void twentyMembersUpAtOnceGiveOneGeneration() {
        List<String> servers = servers(20);
        broker.publish(servers.stream().map(this::up).toList());

        MembershipChanged first = awaitGeneration("group", 1);
        assertThat(first.stackId()).isEqualTo(groupStack);
        assertThat(first.tenant()).isEqualTo("demo");
        assertThat(first.members()).extracting(MembershipChanged.Member::serverId)
                .containsExactlyInAnyOrderElementsOf(servers);
        assertThat(first.members()).allSatisfy(member -> {
            assertThat(member.resourceName()).isEqualTo("server-" + member.serverId());
            assertThat(member.address()).startsWith("127.0.9.");
        });
        assertThat(first.joined()).containsExactlyInAnyOrderElementsOf(servers);
        assertThat(first.left()).isEmpty();

        String late = UUID.randomUUID().toString();
        broker.publish(List.of(up(late)));
        MembershipChanged second = awaitGeneration("group", 2);
        assertThat(broker.generations(groupStack, "group")).extracting(MembershipChanged::generation)
                .containsExactly(1L, 2L);
        assertThat(second.members()).hasSize(21);
        assertThat(second.joined()).containsExactly(late);
    }

    @Test
    void leavingAndJoiningGiveTheNextGeneration() {
        List<String> servers = servers(20);
        broker.publish(servers.stream().map(this::up).toList());
        awaitGeneration("group", 1);

        String joining = UUID.randomUUID().toString();
        broker.publish(List.of(
                change(stackOf(servers.get(3)), groupStack, "group", servers.get(3), UP, "DELETE_IN_PROGRESS"),
                change(stackOf(servers.get(7)), groupStack, "group", servers.get(7), UP, "CHECK_FAILED"),
                up(joining)));

        MembershipChanged second = awaitGeneration("group", 2);
        List<String> expected = new ArrayList<>(servers);
        expected.removeAll(List.of(servers.get(3), servers.get(7)));
        expected.add(joining);
        assertThat(second.members()).extracting(MembershipChanged.Member::serverId)
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(second.joined()).containsExactly(joining);
        assertThat(second.left()).containsExactlyInAnyOrder(servers.get(3), servers.get(7));
        assertThat(broker.generations(groupStack, "group")).hasSize(2);
    }

    @Test
    void aRedeliveredEventChangesNothing() {
        String server = UUID.randomUUID().toString();
        CloudEvent joined = up(server);
        broker.publish(List.of(joined));
        awaitGeneration("group", 1);
        broker.publish(List.of(change(stackOf(server), groupStack, "group", server, UP, "DELETE_IN_PROGRESS")));
        assertThat(awaitGeneration("group", 2).members()).isEmpty();

        // The same event again (same id), then a new member under the same key: the copy is applied first or
        // not at all, so the next generation shows whether it was.
        String next = UUID.randomUUID().toString();
        broker.publish(List.of(joined, change(stackOf(server), groupStack, "group", next, JOINING, UP)));

        MembershipChanged third = awaitGeneration("group", 3);
        assertThat(third.members()).extracting(MembershipChanged.Member::serverId).containsExactly(next);
        assertThat(third.joined()).containsExactly(next);
        assertThat(third.left()).isEmpty();
    }

    @Test
    void serversInNoGroupPublishNothing() {
        List<String> loners = servers(3);
        // One stack for all, so their events come before the grouped one (one key, one partition).
        String stack = UUID.randomUUID().toString();
        List<CloudEvent> events = new ArrayList<>();
        loners.forEach(id -> events.add(change(stack, null, null, id, JOINING, UP)));
        loners.forEach(id -> events.add(change(stack, null, null, id, UP, "DELETE_IN_PROGRESS")));
        String grouped = UUID.randomUUID().toString();
        events.add(change(stack, groupStack, "group", grouped, JOINING, UP));
        broker.publish(events);

        assertThat(awaitGeneration("group", 1).members()).extracting(MembershipChanged.Member::serverId)
                .containsExactly(grouped);
        assertThat(broker.serversNamed()).doesNotContainAnyElementsOf(loners);
    }

    @Test
    void twoGroupsAreIndependent() {
        List<String> web = servers(3);
        List<String> db = servers(2);
        List<CloudEvent> events = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            events.add(change(stackOf(web.get(i)), groupStack, "web", web.get(i), JOINING, UP));
            if (i < 2) {
                events.add(change(stackOf(db.get(i)), groupStack, "db", db.get(i), JOINING, UP));
            }
        }
        broker.publish(events);
        assertThat(awaitGeneration("web", 1).members()).extracting(MembershipChanged.Member::serverId)
                .containsExactlyInAnyOrderElementsOf(web);
        assertThat(awaitGeneration("db", 1).members()).extracting(MembershipChanged.Member::serverId)
                .containsExactlyInAnyOrderElementsOf(db);

        broker.publish(List.of(change(stackOf(web.get(0)), groupStack, "web", web.get(0), UP, "DELETE_IN_PROGRESS")));
        MembershipChanged web2 = awaitGeneration("web", 2);
        assertThat(web2.left()).containsExactly(web.get(0));
        assertThat(web2.members()).hasSize(2);

        String dbJoining = UUID.randomUUID().toString();
        broker.publish(List.of(change(stackOf(dbJoining), groupStack, "db", dbJoining, JOINING, UP)));
        MembershipChanged db2 = awaitGeneration("db", 2);
        assertThat(db2.joined()).containsExactly(dbJoining);
        assertThat(db2.left()).isEmpty();
        assertThat(db2.members()).hasSize(3);
        assertThat(broker.generations(groupStack, "web")).hasSize(2);
    }

    @Test
    void aTemplateMemberIsListedWithItsStacksOutputsOnceItCompleted() {
        String head = UUID.randomUUID().toString();
        String headStack = stackOf(head);
        broker.publish(List.of(change(headStack, groupStack, "group", headStack, head, JOINING, UP)));
        // The member's stack completes with its outputs; only now is the member listed, with them.
        broker.publishStackEvents(List.of(completed(headStack, 3, "10.1.0.1")));
        MembershipChanged first = awaitGeneration("group", 1);
        assertThat(first.members()).singleElement().satisfies(member -> {
            assertThat(member.serverId()).isEqualTo(head);
            assertThat(member.outputs()).containsOnlyKeys("address");
            assertThat(member.outputs().get("address").asText()).isEqualTo("10.1.0.1");
        });
        assertThat(first.joined()).containsExactly(head);

        // The same outputs again change nothing; new ones are the next generation, with no one joining or leaving;
        // an older version of the stack after them changes nothing either.
        broker.publishStackEvents(List.of(
                LifecycleBroker.stackEvent(headStack, new StackOutputsChanged(headStack, "demo", "member",
                        Map.of("address", TextNode.valueOf("10.1.0.1")), 4)),
                LifecycleBroker.stackEvent(headStack, new StackOutputsChanged(headStack, "demo", "member",
                        Map.of("address", TextNode.valueOf("10.1.0.2")), 5)),
                completed(headStack, 4, "10.1.0.9")));
        MembershipChanged second = awaitGeneration("group", 2);
        assertThat(second.members()).singleElement()
                .satisfies(member -> assertThat(member.outputs().get("address").asText()).isEqualTo("10.1.0.2"));
        assertThat(second.joined()).isEmpty();
        assertThat(second.left()).isEmpty();

        // A member whose stack completed before its server's event was read: listed with the outputs at once.
        String compute = UUID.randomUUID().toString();
        String computeStack = stackOf(compute);
        broker.publishStackEvents(List.of(completed(computeStack, 2, "10.1.0.3")));
        broker.publish(List.of(change(computeStack, groupStack, "group", computeStack, compute, JOINING, UP)));
        MembershipChanged third = awaitGeneration("group", 3);
        assertThat(third.joined()).containsExactly(compute);
        assertThat(third.members()).extracting(member -> member.outputs().get("address").asText())
                .containsExactlyInAnyOrder("10.1.0.2", "10.1.0.3");
        assertThat(broker.generations(groupStack, "group")).hasSize(3);
    }

    @Test
    void aScalingStepIsOneGenerationPublishedWhenTheGroupsActionEnds() throws InterruptedException {
        broker.publishStackEvents(List.of(groupStatus("UPDATE", "IN_PROGRESS")));
        await().atMost(WAIT).until(() -> acting("group")); // its action is known before its members change
        List<String> servers = servers(3);
        for (String server : servers) {
            broker.publish(List.of(up(server)));
            Thread.sleep(500); // more than the window (250 ms); over the three, more than its bound (1 s)
        }
        Thread.sleep(500);
        assertThat(broker.generations(groupStack, "group")).as("nothing while the group acts").isEmpty();

        broker.publishStackEvents(List.of(groupStatus("UPDATE", "COMPLETE")));
        MembershipChanged step = awaitGeneration("group", 1);
        assertThat(step.members()).extracting(MembershipChanged.Member::serverId)
                .containsExactlyInAnyOrderElementsOf(servers);
        assertThat(step.joined()).containsExactlyInAnyOrderElementsOf(servers);

        // once the action ended, a change is published after the window again
        String late = UUID.randomUUID().toString();
        broker.publish(List.of(up(late)));
        assertThat(awaitGeneration("group", 2).joined()).containsExactly(late);
        assertThat(broker.generations(groupStack, "group")).hasSize(2);
    }

    @Test
    void aGroupThatKeepsActingIsPublishedAtTheLatestAfterTheHold() {
        broker.publishStackEvents(List.of(groupStatus("CREATE", "IN_PROGRESS")));
        await().atMost(WAIT).until(() -> acting("group"));
        String server = UUID.randomUUID().toString();
        Instant changed = Instant.now();
        broker.publish(List.of(up(server)));

        MembershipChanged first = awaitGeneration("group", 1);
        assertThat(Duration.between(changed, Instant.now())).as("held for the hold (5 s in tests), not the window")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(4));
        assertThat(first.joined()).containsExactly(server);
        assertThat(acting("group")).as("published while the group still acts").isTrue();
    }

    @Test
    void stackEventsThatChangeNoGroupLeaveThePublisherAsleep() {
        long woken = publisher.wakeUps();
        // a stack with outputs that is no member's, a resource of no group type, a deployment's status
        String stack = UUID.randomUUID().toString();
        broker.publishStackEvents(List.of(completed(stack, 1, "10.1.0.4"),
                LifecycleBroker.stackEvent(stack, new ResourceStatusChanged(stack, "demo", "server",
                        UUID.randomUUID().toString(), "OS::Nova::Server", "CREATE", "COMPLETE", "state changed", null)),
                LifecycleBroker.stackEvent(stack, new DeploymentStatusChanged(stack, "demo", "d1", "config", "s1",
                        "c1", "CREATE", "COMPLETE", "ran", 1, null))));
        await().atMost(WAIT).until(() -> journaled(stack) == 3);
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2))
                .until(() -> publisher.wakeUps() == woken);

        // the group's action starting is work for it
        broker.publishStackEvents(List.of(groupStatus("UPDATE", "IN_PROGRESS")));
        await().atMost(WAIT).until(() -> publisher.wakeUps() > woken);
    }

    /** This test's group resource's own status event. */
    @Test
    void aGroupsGenerationsAreKeyedByItsStackTree() {
        String root = UUID.randomUUID().toString();
        String server = UUID.randomUUID().toString();
        InstanceStateChanged up = up(server).dataAs(InstanceStateChanged.class);
        broker.publish(List.of(CloudEvent.of("/hearth/deployment-service", up.stackId(), new InstanceStateChanged(
                up.stackId(), up.tenant(), "tree-group", groupStack, null, server, up.resourceName(), up.address(),
                JOINING, UP, Instant.now(), root))));

        await().atMost(WAIT).until(() -> !broker.generations(root, "tree-group").isEmpty());
        MembershipChanged first = broker.generations(root, "tree-group").get(0);
        assertThat(first.stackId()).as("the group's own stack, as before").isEqualTo(groupStack);
        assertThat(first.members()).extracting(MembershipChanged.Member::serverId).containsExactly(server);
        assertThat(broker.generations(groupStack, "tree-group")).as("not keyed by the group's stack").isEmpty();
    }

    private CloudEvent groupStatus(String action, String status) {
        return LifecycleBroker.stackEvent(groupStack, new ResourceStatusChanged(groupStack, "demo", "group",
                UUID.randomUUID().toString(), "OS::Heat::AutoScalingGroup", action, status, "state changed", null));
    }

    /** Whether the membership view holds this test's group as acting (its resource's action under way). */
    private boolean acting(String groupName) {
        var rows = pool.preparedQuery("select acting from notifier.membership_group where group_stack_id = $1"
                + " and group_name = $2").execute(Tuple.of(groupStack, groupName)).await().indefinitely();
        return rows.iterator().hasNext() && rows.iterator().next().getBoolean(0);
    }

    /** How many events of the stack the journal holds. */
    private long journaled(String stack) {
        return pool.preparedQuery("select count(*) from notifier.client_event where stack_id = $1")
                .execute(Tuple.of(stack)).await().indefinitely().iterator().next().getLong(0);
    }

    /** A member stack's CREATE_COMPLETE with its one output. */
    private static CloudEvent completed(String stackId, long version, String address) {
        return LifecycleBroker.stackEvent(stackId, new StackStatusChanged(stackId, "demo", "member", "CREATE",
                "COMPLETE", "Stack CREATE completed successfully", Map.of("address", TextNode.valueOf(address)),
                version));
    }

    /** A server of this test's group, in a member stack of its own, entering CREATE_COMPLETE. */
    private CloudEvent up(String serverId) {
        return change(stackOf(serverId), groupStack, "group", serverId, JOINING, UP);
    }

    /** The member stack of a server: derived from its id, so its events share a key. */
    private static String stackOf(String serverId) {
        return "stack-" + serverId;
    }

    private static List<String> servers(int count) {
        return IntStream.range(0, count).mapToObj(i -> UUID.randomUUID().toString()).toList();
    }

    /** Waits until {@code generation} of this test's group {@code groupName} was published; that generation. */
    private MembershipChanged awaitGeneration(String groupName, long generation) {
        return await().atMost(WAIT).until(() -> broker.generations(groupStack, groupName).stream()
                .filter(changed -> changed.generation() == generation).findFirst().orElse(null),
                changed -> changed != null);
    }
}
