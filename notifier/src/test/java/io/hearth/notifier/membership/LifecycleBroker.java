package io.hearth.notifier.membership;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The notifier's neighbours on the test broker, opened before each test and closed after it (an instance field
 * with {@code @RegisterExtension}, as deployment-service's {@code BrokerFixture}s are): it plays
 * deployment-service on {@code hearth.instance.lifecycle} and reads {@code hearth.membership} from its
 * beginning.
 */
public final class LifecycleBroker implements BeforeEachCallback, AfterEachCallback {

    private KafkaCompanion kafka;
    private ConsumerTask<String, String> membership;

    @Override
    public void beforeEach(ExtensionContext context) {
        kafka = new KafkaCompanion(ConfigProvider.getConfig(getClass().getClassLoader())
                .getValue("kafka.bootstrap.servers", String.class));
        membership = kafka.consumeStrings().fromTopics(Topics.MEMBERSHIP);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        membership.close();
        kafka.close();
    }

    /** A server's state change as deployment-service writes it: keyed by the server's own stack. */
    public static CloudEvent change(String serverStackId, String groupStackId, String groupName, String serverId,
            String previousState, String state) {
        return change(serverStackId, groupStackId, groupName, null, serverId, previousState, state);
    }

    /** The same for a server that is part of a member template resource, whose nested stack is memberStackId. */
    static CloudEvent change(String serverStackId, String groupStackId, String groupName, String memberStackId,
            String serverId, String previousState, String state) {
        return CloudEvent.of("/hearth/deployment-service", serverStackId, new InstanceStateChanged(serverStackId,
                "demo", groupName, groupStackId, memberStackId, serverId, "server-" + serverId, "127.0.9."
                        + Math.abs(serverId.hashCode() % 250), previousState, state, Instant.now()));
    }

    /** A stack's event as deployment-service writes it on {@code hearth.stack.events}, keyed by the stack. */
    static CloudEvent stackEvent(String stackId, Record data) {
        return CloudEvent.of("/hearth/deployment-service", stackId, data);
    }

    /** Publishes the events in one producer call, each keyed by its subject (the stack id); waits for the acks. */
    public void publish(List<CloudEvent> events) {
        publish(Topics.INSTANCE_LIFECYCLE, events);
    }

    /** The same on {@code hearth.stack.events}. */
    void publishStackEvents(List<CloudEvent> events) {
        publish(Topics.STACK_EVENTS, events);
    }

    private void publish(String topic, List<CloudEvent> events) {
        kafka.produceStrings().fromRecords(events.stream()
                .map(event -> new ProducerRecord<>(topic, event.subject(), event.toJson()))
                .toList()).awaitCompletion();
    }

    /** The generations published so far for one group, in their order on the topic (one key, one partition). */
    public List<MembershipChanged> generations(String groupStackId, String groupName) {
        return membership.getRecords().stream()
                .filter(record -> groupStackId.equals(record.key()))
                .map(record -> CloudEvent.parse(record.value()).dataAs(MembershipChanged.class))
                .filter(changed -> groupName.equals(changed.groupName()))
                .toList();
    }

    /** Every server id any published generation names, of any group. */
    List<String> serversNamed() {
        return membership.getRecords().stream()
                .map(record -> CloudEvent.parse(record.value()).dataAs(MembershipChanged.class))
                .flatMap(changed -> changed.members().stream().map(MembershipChanged.Member::serverId))
                .toList();
    }
}
