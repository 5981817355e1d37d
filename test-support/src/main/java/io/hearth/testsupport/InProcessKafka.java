package io.hearth.testsupport;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.common.utils.Exit;
import org.jboss.logging.Logger;

/**
 * A real single-node Kafka broker (KRaft, combined mode) inside the test JVM. Kafka's own
 * test kit is internal API, so it is used here and nowhere else.
 */
final class InProcessKafka implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(InProcessKafka.class);

    /** The broker logs at INFO per partition; tests keep its warnings only. Held so they stay configured. */
    private static final java.util.logging.Logger[] QUIET = {
        java.util.logging.Logger.getLogger("kafka"), java.util.logging.Logger.getLogger("org.apache.kafka")};

    private final KafkaClusterTestKit cluster;

    private InProcessKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /** Formats and starts a broker, returning once it accepts clients. */
    static InProcessKafka start() throws Exception {
        for (java.util.logging.Logger logger : QUIET) {
            logger.setLevel(java.util.logging.Level.WARNING);
        }
        // A broker that loses its log dirs (Kafka's own shutdown hook deletes its temp dirs)
        // halts the JVM, which would fail a test run whose tests all passed. Here it logs.
        Exit.setExitProcedure((code, message) -> LOG.warnf("in-process Kafka asked to exit(%d): %s", code, message));
        Exit.setHaltProcedure((code, message) -> LOG.warnf("in-process Kafka asked to halt(%d): %s", code, message));
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
