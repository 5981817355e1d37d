package io.hearth.notifier.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static io.hearth.notifier.StackEvents.nested;
import static io.hearth.notifier.StackEvents.resource;
import static io.hearth.notifier.StackEvents.stackStatus;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.notifier.StackEvents;
import io.hearth.notifier.journal.JournalPruner;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The live streams end to end: events published on {@code hearth.stack.events} and {@code hearth.membership}
 * (the real broker) go through the journal (the real database) to SSE and WebSocket clients of the notifier's
 * HTTP port. Each test uses stacks of its own.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StreamTests {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String SOURCE = "/hearth/deployment-service";

    @TestHTTPResource("/")
    URI base;

    @Inject
    JournalPruner pruner;

    @Inject
    StreamHub hub;

    @Inject
    Pool pool;

    @RegisterExtension
    final StackEvents broker = new StackEvents();

    private final List<AutoCloseable> clients = new ArrayList<>();
    private final String stack = UUID.randomUUID().toString();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable client : clients) {
            client.close();
        }
    }

    @Test
    void eventsOfEveryKindArriveInOrderAsCloudEvents() throws Exception {
        CloudEvent created = stackStatus(stack, "demo", "web", "IN_PROGRESS");
        publish(Topics.STACK_EVENTS, created);
        SseClient client = follow("stacks/web/" + stack + "/stream", 0);
        assertThat(client.status()).isEqualTo(200);
        assertThat(client.contentType()).startsWith("text/event-stream");

        List<CloudEvent> later = List.of(resource(stack, "demo", "server", "CREATE", "IN_PROGRESS"),
                CloudEvent.of(SOURCE, stack, new DeploymentStatusChanged(stack, "demo", "d1", "config", "s1", "c1",
                        "CONTEXTUALIZE", "COMPLETE", "ran", 2, null)),
                resource(stack, "demo", "server", "CREATE", "COMPLETE"),
                stackStatus(stack, "demo", "web", "COMPLETE"));
        publish(Topics.STACK_EVENTS, later.toArray(CloudEvent[]::new));
        CloudEvent generation = CloudEvent.of("/hearth/notifier", stack, new MembershipChanged(stack, "demo", "group",
                1, List.of(new MembershipChanged.Member("s1", "server", "10.0.0.1", null)), List.of("s1"), List.of()));
        publish(Topics.MEMBERSHIP, generation);

        await().atMost(WAIT).until(() -> client.events().size() == 6);
        List<SseClient.Event> events = client.events();
        assertThat(events).extracting(SseClient.Event::id).isSorted().doesNotHaveDuplicates();
        List<CloudEvent> received = events.stream().map(event -> CloudEvent.parse(event.data())).toList();
        List<String> stackEvents = new ArrayList<>(List.of(created.id()));
        later.forEach(event -> stackEvents.add(event.id()));
        // One key, one partition: the stack's events in the order they were published; the generation among them.
        assertThat(received).extracting(CloudEvent::id).filteredOn(stackEvents::contains)
                .containsExactlyElementsOf(stackEvents);
        assertThat(received).extracting(CloudEvent::id).contains(generation.id());
        CloudEvent first = received.get(0);
        assertThat(first.specversion()).isEqualTo("1.0");
        assertThat(first.type()).isEqualTo(StackStatusChanged.TYPE);
        assertThat(first.subject()).isEqualTo(stack);
        assertThat(first.dataAs(StackStatusChanged.class).stackStatus()).isEqualTo("CREATE_IN_PROGRESS");
        JsonNode json = HearthJson.mapper().readTree(events.get(0).data());
        assertThat(json.get("sequence").asText()).isEqualTo(String.valueOf(events.get(0).id()));
    }

    @Test
    void aNestedStacksEventsReachTheRootStacksStream() throws Exception {
        String child = UUID.randomUUID().toString();
        String grandchild = UUID.randomUUID().toString();
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "tree", "IN_PROGRESS"));
        SseClient root = follow("stacks/" + stack + "/stream", 0);
        publish(Topics.STACK_EVENTS, nested(child, stack), resource(child, "demo", "member", "CREATE", "COMPLETE"));
        publish(Topics.STACK_EVENTS, nested(grandchild, child),
                resource(grandchild, "demo", "leaf", "CREATE", "COMPLETE"));

        await().atMost(WAIT).until(() -> root.events().size() == 5);
        assertThat(root.events()).extracting(event -> CloudEvent.parse(event.data()).subject())
                .containsExactly(stack, child, child, grandchild, grandchild);
        // The nested stack's own stream carries its own events (not its parent's).
        SseClient nested = follow("stacks/" + child + "/stream", 0);
        await().atMost(WAIT).until(() -> nested.events().size() == 2);
        assertThat(nested.events()).extracting(event -> CloudEvent.parse(event.data()).subject())
                .containsOnly(child);
    }

    @Test
    void aTreeWhoseStacksFirstAppearTogetherReachesTheRootStacksStream() throws Exception {
        // The journal records a batch's stacks in one statement: a grandchild whose parent is new in the same
        // batch (when one poll brings them) is still filed under the root. (Subjects differ, so partitions may.)
        String child = UUID.randomUUID().toString();
        String grandchild = UUID.randomUUID().toString();
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "tree", "IN_PROGRESS"));
        SseClient root = follow("stacks/" + stack + "/stream", 0);
        publish(Topics.STACK_EVENTS, nested(child, stack), nested(grandchild, child),
                resource(grandchild, "demo", "leaf", "CREATE", "COMPLETE"),
                resource(child, "demo", "member", "CREATE", "COMPLETE"));

        await().atMost(WAIT).until(() -> root.events().size() == 5);
        assertThat(root.events()).extracting(event -> CloudEvent.parse(event.data()).subject())
                .containsExactlyInAnyOrder(stack, child, grandchild, grandchild, child);
    }

    @Test
    void reconnectingWithLastEventIdGetsExactlyTheMissedEvents() throws Exception {
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "resume", "IN_PROGRESS"));
        SseClient first = follow("stacks/resume/" + stack + "/stream", 0);
        publish(Topics.STACK_EVENTS, resource(stack, "demo", "a", "CREATE", "COMPLETE"));
        await().atMost(WAIT).until(() -> first.events().size() == 2);
        long last = first.events().get(1).id();
        first.close();

        List<CloudEvent> missed = new ArrayList<>();
        for (String name : List.of("b", "c", "d")) {
            missed.add(resource(stack, "demo", name, "CREATE", "COMPLETE"));
        }
        publish(Topics.STACK_EVENTS, missed.toArray(CloudEvent[]::new));
        SseClient header = open("stacks/resume/" + stack + "/stream", Map.of("Last-Event-ID", String.valueOf(last)));
        SseClient query = open("stacks/resume/" + stack + "/stream?last_event_id=" + last, Map.of());
        CloudEvent after = resource(stack, "demo", "e", "CREATE", "COMPLETE");
        publish(Topics.STACK_EVENTS, after);
        missed.add(after);

        for (SseClient resumed : List.of(header, query)) {
            await().atMost(WAIT).until(() -> resumed.events().size() >= 4);
            Thread.sleep(300);
            assertThat(resumed.events()).extracting(event -> CloudEvent.parse(event.data()).id())
                    .containsExactlyElementsOf(missed.stream().map(CloudEvent::id).toList());
            assertThat(resumed.events()).extracting(SseClient.Event::id).allMatch(id -> id > last);
        }
    }

    @Test
    void anotherTenantsStackIsNotFoundAndItsEventsNeverReachThisTenant() throws Exception {
        String theirs = UUID.randomUUID().toString();
        SseClient mine = follow("stream", null);
        publish(Topics.STACK_EVENTS, stackStatus(theirs, "other", "secret", "IN_PROGRESS"),
                resource(theirs, "other", "server", "CREATE", "COMPLETE"));
        CloudEvent marker = stackStatus(stack, "demo", "mine", "IN_PROGRESS");
        publish(Topics.STACK_EVENTS, marker);
        await().atMost(WAIT).until(() -> mine.events().stream()
                .anyMatch(event -> CloudEvent.parse(event.data()).id().equals(marker.id())));
        assertThat(mine.events()).extracting(event -> CloudEvent.parse(event.data()).subject())
                .doesNotContain(theirs);

        for (String path : List.of("stacks/" + theirs + "/stream", "stacks/secret/" + theirs + "/stream",
                "stacks/secret/stream", "stacks/" + UUID.randomUUID() + "/stream")) {
            SseClient refused = open(path + "?last_event_id=0", Map.of());
            assertThat(refused.status()).as(path).isEqualTo(404);
        }
        SseClient wrongName = open("stacks/other-name/" + stack + "/stream", Map.of());
        assertThat(wrongName.status()).isEqualTo(404);
        SseClient otherTenant = SseClient.open(base.resolve("v1/other/stream"), Map.of());
        clients.add(otherTenant);
        assertThat(otherTenant.status()).isEqualTo(403);
    }

    @Test
    void aWebSocketClientReceivesTheSameEvents() throws Exception {
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "ws", "IN_PROGRESS"));
        SseClient sse = follow("stacks/ws/" + stack + "/stream", 0);
        List<String> frames = new CopyOnWriteArrayList<>();
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder().header("X-Auth-Token", SseClient.TOKEN)
                .buildAsync(URI.create(base.toString().replace("http://", "ws://") + "v1/demo/stacks/ws/" + stack
                        + "/stream?last_event_id=0"), new WebSocket.Listener() {
                            private final StringBuilder text = new StringBuilder();

                            @Override
                            public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                                text.append(data);
                                if (last) {
                                    frames.add(text.toString());
                                    text.setLength(0);
                                }
                                webSocket.request(1);
                                return null;
                            }
                        }).join();
        clients.add(() -> socket.abort());
        publish(Topics.STACK_EVENTS, resource(stack, "demo", "a", "CREATE", "IN_PROGRESS"),
                resource(stack, "demo", "a", "CREATE", "COMPLETE"));

        await().atMost(WAIT).until(() -> frames.size() == 3 && sse.events().size() == 3);
        assertThat(frames).isEqualTo(sse.events().stream().map(SseClient.Event::data).toList());
        assertThat(frames).extracting(frame -> CloudEvent.parse(frame).type())
                .containsExactly(StackStatusChanged.TYPE, ResourceStatusChanged.TYPE, ResourceStatusChanged.TYPE);
        // Both clients are counted, each by its transport.
        MetricsPage page = MetricsPage.scrape();
        assertThat(page.value("hearth_streams_clients{kind=\"websocket\"}")).hasValueSatisfying(
                clients -> assertThat(clients).isGreaterThanOrEqualTo(1));
        assertThat(page.value("hearth_streams_clients{kind=\"sse\"}")).hasValueSatisfying(
                clients -> assertThat(clients).isGreaterThanOrEqualTo(1));
    }

    @Test
    void anIdleStreamGetsHeartbeats() throws Exception {
        SseClient idle = follow("stream", null);
        await().atMost(WAIT).until(() -> idle.comments().contains("heartbeat"));
    }

    @Test
    void eventsPastTheRetentionArePruned() throws Exception {
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "old", "IN_PROGRESS"));
        SseClient before = follow("stacks/" + stack + "/stream", 0);
        await().atMost(WAIT).until(() -> before.events().size() == 1);
        // The test profile keeps events for a second only.
        Thread.sleep(1500);
        assertThat(pruner.prune().await().indefinitely()).isPositive();
        SseClient after = open("stacks/" + stack + "/stream?last_event_id=0", Map.of());
        CloudEvent marker = resource(stack, "demo", "new", "CREATE", "COMPLETE");
        publish(Topics.STACK_EVENTS, marker);
        await().atMost(WAIT).until(() -> !after.events().isEmpty());
        Thread.sleep(300);
        assertThat(after.events()).extracting(event -> CloudEvent.parse(event.data()).id())
                .containsExactly(marker.id());
    }

    @Test
    void theTailReadsNothingWhileNoClientIsConnectedAndMissesNothingOnceOneIs() throws Exception {
        await().atMost(WAIT).until(() -> hub.connected() == 0);
        publish(Topics.STACK_EVENTS, stackStatus(stack, "demo", "quiet", "IN_PROGRESS"));
        await().atMost(WAIT).until(() -> journaled() == 1);
        long read = hub.pagesRead();
        publish(Topics.STACK_EVENTS, resource(stack, "demo", "a", "CREATE", "IN_PROGRESS"),
                resource(stack, "demo", "b", "CREATE", "IN_PROGRESS"));
        await().atMost(WAIT).until(() -> journaled() == 3);
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(2)).until(() -> hub.pagesRead() == read);

        // a client following from now on gets what comes next; one replaying from the start gets all of it
        SseClient now = follow("stacks/quiet/" + stack + "/stream", null);
        CloudEvent next = resource(stack, "demo", "c", "CREATE", "COMPLETE");
        publish(Topics.STACK_EVENTS, next);
        await().atMost(WAIT).until(() -> now.events().stream().anyMatch(e -> e.data().contains(next.id())));
        assertThat(now.events()).hasSize(1);
        SseClient all = follow("stacks/quiet/" + stack + "/stream", 0);
        await().atMost(WAIT).until(() -> all.events().size() == 4);
    }

    /** How many events of this test's stack the journal holds. */
    private long journaled() {
        return pool.preparedQuery("select count(*) from notifier.client_event where stack_id = $1")
                .execute(Tuple.of(stack)).await().indefinitely().iterator().next().getLong(0);
    }

    private SseClient follow(String path, Integer lastEventId) throws Exception {
        String uri = lastEventId == null ? path : path + "?last_event_id=" + lastEventId;
        // The stack is known once its first event was journaled.
        return await().atMost(WAIT).until(() -> open(uri, Map.of()), client -> client.status() == 200);
    }

    private SseClient open(String path, Map<String, String> headers) throws Exception {
        SseClient client = SseClient.open(base.resolve("v1/demo/" + path), headers);
        clients.add(client);
        return client;
    }

    private void publish(String topic, CloudEvent... events) {
        broker.publish(topic, events);
    }
}
