package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two deployment-service replicas share its consumer group; the one running a stack of 10 servers and 200
 * layered software deployments is killed with SIGKILL in the middle of it and stays down. The other takes its
 * partitions over, the stack completes with every deployment run exactly once ({@link LayeredStackRun}), and
 * it is deleted.
 */
class ReplicaKillIT {

    private static final String SERVICE = "deployment-service";
    /** The consumer group of deployment-service and the topic the agents' signals come on. */
    private static final String GROUP = SERVICE;
    private static final String SIGNALS = "hearth.signals";

    @BeforeAll
    static void system() {
        LocalSystem.up();
        LocalSystem.withoutLocalCompute(); // SimulatedCompute plays the driver and the agents
        LocalSystem.replicas(SERVICE, 2);
    }

    @AfterAll
    static void oneReplica() {
        LocalSystem.replicas(SERVICE, 1); // starts replica 1 if it was the one killed, stops replica 2
    }

    @Test
    void aStackOf200DeploymentsCompletesWithEachDeploymentRunOnceAfterTheReplicaRunningItIsKilled() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, LocalSystem.kafka()))) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                    assertThat(owners(admin)).as("replicas holding partitions of " + SIGNALS).hasSize(6)
                            .containsValues(SERVICE, SERVICE + "-2"));
            Map<TopicPartition, Long> before = committed(admin);
            String[] killed = new String[1];
            LayeredStackRun.survives("replica", 50, () -> {
                // The replica that consumed this stack's signals so far: the owner of the partitions that moved.
                // Offsets are committed every few seconds: wait for the first commit of this stack's signals.
                Set<TopicPartition> moved = await().atMost(Duration.ofSeconds(30)).until(() -> {
                    Map<TopicPartition, Long> now = committed(admin);
                    return now.keySet().stream().filter(p -> now.get(p) > before.getOrDefault(p, 0L))
                            .collect(Collectors.toSet());
                }, m -> !m.isEmpty());
                Map<TopicPartition, String> owners = owners(admin);
                Set<String> running = moved.stream().map(owners::get).collect(Collectors.toSet());
                assertThat(running).as("replica owning the partitions " + moved + " of " + owners).hasSize(1);
                killed[0] = running.iterator().next();
                long pid = LocalSystem.killReplicaForGood(SERVICE, killed[0]);
                return killed[0] + " (pid " + pid + ", holding " + moved + ") killed with SIGKILL and kept down";
            });
            String survivor = killed[0].equals(SERVICE) ? SERVICE + "-2" : SERVICE;
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                    assertThat(owners(admin)).as("partitions of " + SIGNALS + " after the kill").hasSize(6)
                            .allSatisfy((p, owner) -> assertThat(owner).as(p.toString()).isEqualTo(survivor)));
        }
    }

    /**
     * Which replica holds each partition of the signals topic: deploy/ prefixes the Kafka client ids of a
     * replica with its name (deployment-service-2-...).
     */
    private static Map<TopicPartition, String> owners(Admin admin) {
        Map<TopicPartition, String> owners = new HashMap<>();
        for (MemberDescription member : get(() -> admin.describeConsumerGroups(Set.of(GROUP)).all().get())
                .get(GROUP).members()) {
            String replica = member.clientId().startsWith(SERVICE + "-2-") ? SERVICE + "-2" : SERVICE;
            member.assignment().topicPartitions().stream().filter(p -> p.topic().equals(SIGNALS))
                    .forEach(p -> owners.put(p, replica));
        }
        return owners;
    }

    private static Map<TopicPartition, Long> committed(Admin admin) {
        Map<TopicPartition, OffsetAndMetadata> offsets = get(() ->
                admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get());
        Map<TopicPartition, Long> signals = new HashMap<>();
        offsets.forEach((p, o) -> {
            if (p.topic().equals(SIGNALS) && o != null) {
                signals.put(p, o.offset());
            }
        });
        return signals;
    }

    private interface Call<T> {
        T call() throws InterruptedException, ExecutionException;
    }

    private static <T> T get(Call<T> call) {
        try {
            return call.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Kafka about group " + GROUP, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot describe Kafka group " + GROUP + ": " + e.getCause(), e);
        }
    }
}
