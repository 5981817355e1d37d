package io.hearth.contracts;

import java.util.List;

/**
 * Every Kafka topic of Hearth, with its key and how the local scripts create it.
 * Running this class prints one line per topic (name, partitions, cleanup policy, largest record),
 * including each topic's dead-letter topic; {@code deploy/up} creates topics from it.
 */
public final class Topics {

    /** Stack commands (create, update, delete, actions); key: stack id. */
    public static final String STACK_COMMANDS = "hearth.stack.commands";
    /**
     * Stack, resource and deployment status history; key: the stack tree's top-level stack id. A transaction's events
     * of one tree travel in one record ({@code StackEventBatch}), see {@link #BATCHED}.
     */
    public static final String STACK_EVENTS = "hearth.stack.events";
    /**
     * The server part of each server's metadata document (its stack, tenant, generation and check, not its
     * deployments); compacted; key: server id.
     */
    public static final String SERVER_METADATA = "hearth.server.metadata";
    /**
     * One record per deployment of a server: its item of the server's metadata document; compacted; key:
     * {@code serverId/deploymentId} ({@code ServerDeployment.key}).
     */
    public static final String SERVER_DEPLOYMENTS = "hearth.server.deployments";
    /** Deployment signals, server check-ins, wait-condition signals; key: stack id. */
    public static final String SIGNALS = "hearth.signals";
    /** Servers entering or leaving CREATE_COMPLETE; key: stack id. */
    public static final String INSTANCE_LIFECYCLE = "hearth.instance.lifecycle";
    /** Group membership generations; key: stack id. */
    public static final String MEMBERSHIP = "hearth.membership";
    /** Scaling requests from alarm URLs and the API; key: stack id. */
    public static final String SCALING = "hearth.scaling";
    /** Application metric samples and metric alarm definitions; key: the stack tree's top-level stack id. */
    public static final String METRICS = "hearth.metrics";
    /** The desired state of each server, what compute drivers converge on; compacted; key: server id. */
    public static final String COMPUTE_SERVERS = "hearth.compute.servers";
    /** What compute drivers report: servers' states (key: server id) and heartbeats (key: driver id). */
    public static final String COMPUTE_STATUS = "hearth.compute.status";

    /** Suffix of the dead-letter topic that receives what a consumer of a topic could not process. */
    public static final String DLQ_SUFFIX = ".dlq";

    /**
     * How long the broker holds a consumer's fetch that finds no record ({@code fetch.max.wait.ms}), in every
     * consumer of Hearth: a record ends the fetch at once, so this costs no latency and only sets how often an idle
     * consumer asks (Kafka's 500 ms kept a broker of idle consumers busy; docs/benchmarks.md, "Idle").
     */
    public static final int FETCH_MAX_WAIT_MS = 5000;

    /** Partitions of every topic created by the local scripts and tests. */
    public static final int DEFAULT_PARTITIONS = 6;

    /**
     * The largest record every topic takes (its {@code max.message.bytes}) and every producer sends (its
     * {@code max.request.size}): 8 MiB, above anything a service accepts (a server's metadata document is
     * limited to 1 MiB, request bodies to 2 MiB), so an accepted request always yields publishable records.
     */
    public static final int MAX_RECORD_BYTES = 8 * 1024 * 1024;

    /** How a topic is created. */
    public record TopicSpec(String name, int partitions, boolean compacted) {
        /** Kafka's {@code cleanup.policy} for this topic. */
        public String cleanupPolicy() {
            return compacted ? "compact" : "delete";
        }

        /** Kafka's {@code max.message.bytes} for this topic: {@link #MAX_RECORD_BYTES}. */
        public int maxMessageBytes() {
            return MAX_RECORD_BYTES;
        }
    }

    /** The business topics, in the order of docs/design.md. */
    public static final List<String> MAIN = List.of(STACK_COMMANDS, STACK_EVENTS, SERVER_METADATA,
            SERVER_DEPLOYMENTS, SIGNALS, INSTANCE_LIFECYCLE, MEMBERSHIP, SCALING, COMPUTE_SERVERS, COMPUTE_STATUS, METRICS);

    /** The compacted business topics: only the latest record of each key matters. */
    public static final java.util.Set<String> COMPACTED = java.util.Set.of(SERVER_METADATA, SERVER_DEPLOYMENTS,
            COMPUTE_SERVERS);

    /**
     * The topics whose events of one transaction and one key travel in one record, a {@code StackEventBatch} (a
     * single event travels alone); readers read records with {@code CloudEvent.parseAll}.
     */
    public static final java.util.Set<String> BATCHED = java.util.Set.of(STACK_EVENTS);

    /** The largest batch record the outbox makes; a transaction's events beyond it start another record. */
    public static final int MAX_BATCH_BYTES = 1024 * 1024;

    private Topics() {
    }

    /** The dead-letter topic of {@code topic}. */
    public static String dlq(String topic) {
        return topic + DLQ_SUFFIX;
    }

    /** Every topic to create: each business topic followed by its dead-letter topic. */
    public static List<TopicSpec> all() {
        return MAIN.stream()
                .flatMap(t -> java.util.stream.Stream.of(
                        new TopicSpec(t, DEFAULT_PARTITIONS, COMPACTED.contains(t)),
                        new TopicSpec(dlq(t), 1, false)))
                .toList();
    }

    /** Prints {@code name partitions cleanup.policy max.message.bytes}, one topic a line. */
    public static void main(String[] args) {
        all().forEach(t -> System.out.println(t.name() + " " + t.partitions() + " " + t.cleanupPolicy() + " "
                + t.maxMessageBytes()));
    }
}
