package io.hearth.gateway;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.testsupport.TopicTail;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The tests' side of Kafka: publishes server metadata documents as deployment-service does, and collects
 * what the gateway published on {@code hearth.signals}, {@code hearth.scaling} and {@code hearth.metrics} (read by
 * real consumers from where those topics ended when the first test asked).
 */
final class GatewayKafka {

    /** A record the gateway published, with its envelope parsed. */
    record Published(String topic, String key, CloudEvent event) {
        JsonNode data() {
            return event.data();
        }
    }

    private static GatewayKafka instance;

    private final KafkaProducer<String, String> producer;
    private final List<Published> published = new CopyOnWriteArrayList<>();

    private GatewayKafka(String bootstrap) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(props);
        for (String topic : List.of(Topics.SIGNALS, Topics.SCALING, Topics.METRICS)) {
            TopicTail.start(bootstrap, topic, this::collect, e -> { });
        }
    }

    /** The shared instance; its consumers see everything published after the first call. */
    static synchronized GatewayKafka get() {
        if (instance == null) {
            instance = new GatewayKafka(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        }
        return instance;
    }

    private void collect(ConsumerRecord<String, String> record) {
        published.add(new Published(record.topic(), record.key(), CloudEvent.parse(record.value())));
    }

    /**
     * Publishes a server's document as deployment-service's records, at the document's generation: each listed item
     * on {@code hearth.server.deployments}, the removal of each deployment an earlier call listed and this one does
     * not, then its server part on {@code hearth.server.metadata}; waits for the broker's acks.
     */
    void metadata(ServerMetadata document) throws Exception {
        String server = document.serverId();
        java.util.Set<String> listed = new java.util.HashSet<>();
        for (DeploymentItem item : document.deployments()) {
            listed.add(item.deploymentId());
            send(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key(server, item.deploymentId()), new ServerDeployment(
                    server, document.stackId(), document.tenant(), item.deploymentId(), document.generation(), item));
        }
        for (String gone : listedBefore.getOrDefault(server, java.util.Set.of())) {
            if (!listed.contains(gone)) {
                send(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key(server, gone), new ServerDeployment(server,
                        document.stackId(), document.tenant(), gone, document.generation(), null));
            }
        }
        listedBefore.put(server, listed);
        send(Topics.SERVER_METADATA, server, new ServerMetadata(server, document.stackId(), document.tenant(),
                document.generation(), List.of(), document.check()));
    }

    /** Publishes one deployment's record ({@code item} null: it left the server) and waits for the broker's ack. */
    void deployment(String serverId, String stackId, String deploymentId, long generation, DeploymentItem item)
            throws Exception {
        send(Topics.SERVER_DEPLOYMENTS, ServerDeployment.key(serverId, deploymentId),
                new ServerDeployment(serverId, stackId, "demo", deploymentId, generation, item));
    }

    private final java.util.Map<String, java.util.Set<String>> listedBefore = new java.util.concurrent.ConcurrentHashMap<>();

    private void send(String topic, String key, Object data) throws Exception {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", key.contains("/") ? ServerDeployment.serverOf(key)
                : key, data);
        producer.send(new ProducerRecord<>(topic, key, event.toJson())).get();
    }

    /** Publishes the tombstone of a server. */
    void tombstone(String serverId) throws Exception {
        producer.send(new ProducerRecord<>(Topics.SERVER_METADATA, serverId, null)).get();
    }

    /** Waits for the first record on {@code topic} matching {@code filter} and answers it. */
    Published awaitOne(String topic, Predicate<Published> filter) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> matching(topic, filter), l -> !l.isEmpty()).get(0);
    }

    /** The records on {@code topic} seen so far that match {@code filter}. */
    List<Published> matching(String topic, Predicate<Published> filter) {
        List<Published> out = new ArrayList<>();
        for (Published p : published) {
            if (p.topic().equals(topic) && filter.test(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** A deployment item as deployment-service writes it, with the derived deploy_* inputs. */
    static DeploymentItem item(String id, String stackName, String stackId, String action, long generation) {
        List<DeploymentInput> inputs = new ArrayList<>();
        inputs.add(new DeploymentInput("foo", "String", TextNode.valueOf("bar"), null));
        inputs.add(new DeploymentInput("deploy_action", "String", TextNode.valueOf(action), null));
        if (stackId != null) {
            inputs.add(new DeploymentInput("deploy_stack_id", "String", TextNode.valueOf(stackName + "/" + stackId), null));
        }
        return new DeploymentItem(id, "config-" + id, "script", TextNode.valueOf("#!/bin/sh\necho hi"), inputs,
                List.of(HearthJson.mapper().createObjectNode().put("name", "result")), null,
                Instant.parse("2026-01-02T03:04:05Z"), generation);
    }
}
