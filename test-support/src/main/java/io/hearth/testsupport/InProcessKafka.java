package io.hearth.testsupport;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A real single-node Kafka broker (KRaft, combined mode) inside the test JVM. Kafka's own
 * test kit is internal API, so it is used here and nowhere else.
 */
final class InProcessKafka implements AutoCloseable {

    private final KafkaClusterTestKit cluster;

    private InProcessKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /** Formats and starts a broker, returning once it accepts clients. */
    static InProcessKafka start() throws Exception {
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setCombined(true)
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .build())
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("auto.create.topics.enable", "true")
                .setConfigProp("num.partitions", "3")
                .build();
        cluster.format();
        cluster.startup();
        cluster.waitForReadyBrokers();
        return new InProcessKafka(cluster);
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
