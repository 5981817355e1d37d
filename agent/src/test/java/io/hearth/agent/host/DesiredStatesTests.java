package io.hearth.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.agent.FakeGateway;
import io.hearth.agent.Instance;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host mode's convergence on desired states, without Kafka: what a driver does after a downtime and at each state. */
class DesiredStatesTests {

    @TempDir
    Path temp;
    FakeGateway gateway;
    LocalServers servers;
    final List<String> reports = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        gateway = new FakeGateway();
        servers = new LocalServers(temp, List.of(temp.resolve("hooks")), Instance.httpClient());
    }

    @AfterEach
    void tearDown() {
        servers.close();
        gateway.close();
    }

    @Test
    void afterADowntimeOnlyWhatIsWantedNowIsDoneAndWhatIsNoLongerWantedGoes() throws Exception {
        DesiredStates states = states();
        servers.create(spec("left-over")); // created before the downtime, deleted while the driver was away
        servers.create(spec("kept"));
        Map<String, ServerDesired> latest = new LinkedHashMap<>();
        for (int i = 0; i < 20; i++) {
            latest.put("gone-" + i, desired("gone-" + i, 2, ServerDesired.State.DELETED)); // its create superseded
        }
        latest.put("kept", desired("kept", 1, ServerDesired.State.ACTIVE));
        latest.put("new", desired("new", 1, ServerDesired.State.ACTIVE));

        assertThat(states.converge(latest)).isEqualTo(1);

        assertThat(servers.ids()).containsExactlyInAnyOrder("kept", "new");
        assertThat(servers.running()).containsExactlyInAnyOrder("kept", "new");
        assertThat(reports).contains("new 1 ACCEPTED", "new 1 ACTIVE", "kept 1 ACTIVE", "gone-0 2 DELETED",
                "gone-19 2 DELETED").noneMatch(r -> r.startsWith("gone-") && !r.endsWith("DELETED"));
    }

    @Test
    void eachGenerationIsAppliedAtMostOnceEvenAcrossARestartAndAnOlderOneNever() throws Exception {
        states().apply(desired("srv", 1, ServerDesired.State.ACTIVE));
        states().apply(desired("srv", 2, ServerDesired.State.SUSPENDED));
        assertThat(servers.suspended("srv")).isTrue();
        reports.clear();

        // a new instance of the host (a restart) reading the same states again, and a stale generation
        DesiredStates restarted = states();
        restarted.apply(desired("srv", 1, ServerDesired.State.ACTIVE));
        restarted.apply(desired("srv", 2, ServerDesired.State.SUSPENDED));
        assertThat(reports).isEmpty();
        assertThat(servers.suspended("srv")).isTrue();

        restarted.apply(desired("srv", 3, ServerDesired.State.ACTIVE));
        assertThat(servers.suspended("srv")).isFalse();
        assertThat(servers.running()).containsExactly("srv");
        restarted.apply(desired("srv", 4, ServerDesired.State.DELETED));
        assertThat(servers.ids()).isEmpty();
        assertThat(reports).containsExactly("srv 3 ACCEPTED", "srv 3 ACTIVE", "srv 4 DELETED");
    }

    @Test
    void aServerThatCannotBeCreatedIsReportedFailedWithTheReasonOnce() throws Exception {
        ServerSpec bad = new ServerSpec("bad", FakeGateway.STACK, "demo", "vm", null, null, "not a url", null);
        ServerDesired desired = new ServerDesired("bad", FakeGateway.STACK, "demo", 1, ServerDesired.State.ACTIVE, bad);
        states().apply(desired);
        states().apply(desired);

        assertThat(reports).hasSize(2).first().isEqualTo("bad 1 ACCEPTED");
        assertThat(reports.get(1)).startsWith("bad 1 FAILED ").contains("not a url");
        assertThat(servers.ids()).isEmpty();
    }

    private DesiredStates states() throws Exception {
        return new DesiredStates(servers, new AppliedGenerations(temp), (desired, state, reason) -> reports.add(
                desired.serverId() + " " + desired.generation() + " " + state + (reason == null ? "" : " " + reason)));
    }

    private ServerDesired desired(String serverId, long generation, ServerDesired.State state) {
        return new ServerDesired(serverId, FakeGateway.STACK, "demo", generation, state,
                state == ServerDesired.State.DELETED ? null : spec(serverId));
    }

    private ServerSpec spec(String serverId) {
        return new ServerSpec(serverId, FakeGateway.STACK, "demo", "vm", "local", "local", gateway.metadataUrl(), null);
    }
}
