package io.hearth.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.ServerMetadataAssembly;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plays the compute driver, the agents and the signal gateway over the real topics with plain
 * Kafka clients, for tests and benchmarks of deployment-service at scale:
 * <ul>
 * <li>each desired state ACTIVE of a new server on {@code hearth.compute.servers} is reported ACCEPTED on
 * {@code hearth.compute.status} and answered, after the check-in delay, by one {@code ServerCheckedIn} on
 * {@code hearth.signals} with an address {@code 127.0.x.y}; SUSPENDED silences the server's agent until it is
 * wanted ACTIVE again; a DELETED state is only recorded;</li>
 * <li>each fresh {@code ServerMetadata} document on {@code hearth.server.metadata} (a generation
 * higher than any seen for its server) is read as an agent would: every item whose
 * (deployment id, generation) was not signalled yet is signalled, after the signal delay, with
 * a {@code DeploymentSignalled} carrying the item's {@code deploy_action}, its generation, status
 * code 0, a stdout and one value per declared output. Items of transport {@code NO_SIGNAL} are
 * seen and not signalled, as a real agent does.</li>
 * </ul>
 * Events carry the gateway's source {@value #GATEWAY} and the stack id as key and subject. Only
 * what is published after {@link Builder#start()} returned is answered. Everything it does is
 * recorded so a test can assert, for instance, that each deployment was signalled exactly once.
 * Two poll threads (one per topic) and one timer thread; {@link #close()} stops them and drops
 * signals still waiting for their delay.
 */
public final class SimulatedCompute implements AutoCloseable {

    /** The CloudEvents source of the signal gateway, which this plays. */
    public static final String GATEWAY = "/hearth/signal-gateway";

    private static final System.Logger LOG = System.getLogger(SimulatedCompute.class.getName());

    /** Computes the value of one declared output of a deployment item. */
    @FunctionalInterface
    public interface OutputValues {
        /**
         * @param item   the metadata item being signalled
         * @param output the declared output's name
         * @return its value, a JSON value
         */
        JsonNode value(DeploymentItem item, String output);
    }

    /**
     * A server that checked in.
     *
     * @param stackId  the server's stack
     * @param serverId the server's id
     * @param address  the address reported
     * @param at       when the check-in was sent
     */
    public record CheckIn(String stackId, String serverId, String address, Instant at) {
    }

    /**
     * One run of a deployment: what a real agent's journal keys on.
     *
     * @param deploymentId the deployment's id
     * @param action       the item's {@code deploy_action}
     * @param generation   the item's generation
     */
    public record Run(String deploymentId, String action, long generation) {
    }

    /**
     * A deployment signal that was sent.
     *
     * @param stackId      the deployment's stack (the key)
     * @param serverId     the server whose metadata listed it
     * @param resourceName the item's {@code deploy_resource_name}
     * @param run          the deployment, action and generation signalled
     * @param outputs      the output values sent
     * @param seenAt       when the item was first seen in its server's metadata
     * @param sentAt       when the signal was sent (acknowledged by Kafka shortly after)
     */
    public record Signal(String stackId, String serverId, String resourceName, Run run, Map<String, JsonNode> outputs,
            Instant seenAt, Instant sentAt) {
    }

    private final KafkaProducer<String, String> producer;
    private final ScheduledExecutorService timer;
    private final Builder settings;
    private final AtomicInteger addresses = new AtomicInteger();
    private final Queue<ServerSpec> created = new ConcurrentLinkedQueue<>();
    private final Queue<ServerDesired> deleted = new ConcurrentLinkedQueue<>();
    private final Queue<CheckIn> checkIns = new ConcurrentLinkedQueue<>();
    private final Queue<Signal> signals = new ConcurrentLinkedQueue<>();
    private final Queue<Exception> errors = new ConcurrentLinkedQueue<>();
    private final Set<String> servers = ConcurrentHashMap.newKeySet();
    /** Servers wanted SUSPENDED, whose agents answer nothing until they are wanted ACTIVE again. */
    private final Set<String> suspended = ConcurrentHashMap.newKeySet();
    /** Servers whose agents were {@linkplain #kill killed}. */
    private final Set<String> dead = ConcurrentHashMap.newKeySet();
    /** Servers whose agents answer nothing now: suspended or dead. */
    private final Set<String> silent = ConcurrentHashMap.newKeySet();
    /** Servers resumed (wanted ACTIVE again after SUSPENDED), in order. */
    private final Queue<String> resumed = new ConcurrentLinkedQueue<>();
    /** Check tokens answered, as {@code server/token}. */
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    /** The newest metadata document of each server. */
    private final Map<String, ServerMetadata> latest = new ConcurrentHashMap<>();
    /** Highest metadata generation seen per server; touched by the metadata thread only. */
    private final Map<String, Long> generations = new ConcurrentHashMap<>();
    /** The stack tree of each server this simulator created (from its metadata URL): the key of its check-ins. */
    private final Map<String, String> trees = new ConcurrentHashMap<>();
    /** (deployment id, generation) pairs already scheduled for a signal. */
    private final Set<String> scheduled = ConcurrentHashMap.newKeySet();
    private final Map<Run, AtomicInteger> sightings = new ConcurrentHashMap<>();
    /** The servers' documents as their records make them (the records of two topics, each on a thread of its own). */
    private final ServerMetadataAssembly<DeploymentItem> assembly = ServerMetadataAssembly.ofDeploymentItems();
    private final List<TopicTail> tails = new ArrayList<>();

    private SimulatedCompute(Builder settings) {
        this.settings = settings;
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "2");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        this.producer = new KafkaProducer<>(props);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "simulated-compute-timer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Settings for a simulator talking to the broker at {@code bootstrapServers}. */
    public static Builder builder(String bootstrapServers) {
        return new Builder(bootstrapServers);
    }

    /** A simulator with no delays and the default output values, already started. */
    public static SimulatedCompute start(String bootstrapServers) {
        return builder(bootstrapServers).start();
    }

    private SimulatedCompute listen() {
        try {
            tails.add(TopicTail.start(settings.bootstrapServers, Topics.COMPUTE_SERVERS, this::onDesired,
                    errors::add));
            tails.add(TopicTail.start(settings.bootstrapServers, Topics.SERVER_METADATA, this::onMetadata,
                    errors::add));
            tails.add(TopicTail.start(settings.bootstrapServers, Topics.SERVER_DEPLOYMENTS, this::onMetadata,
                    errors::add));
            return this;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private void onDesired(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return; // a tombstone: the server was reported deleted
        }
        CloudEvent event = CloudEvent.parse(record.value());
        if (!ServerDesired.TYPE.equals(event.type())) {
            return;
        }
        ServerDesired desired = event.dataAs(ServerDesired.class);
        String serverId = desired.serverId();
        if (desired.desired() == ServerDesired.State.DELETED) {
            deleted.add(desired);
        } else if (desired.desired() == ServerDesired.State.SUSPENDED) {
            if (servers.contains(serverId)) {
                suspended.add(serverId);
                silent.add(serverId);
            }
        } else if (!servers.contains(serverId)) {
            ServerSpec create = desired.spec();
            if (!settings.servers.test(create)) {
                return; // another run's server: it has its own agent
            }
            created.add(create);
            report(desired, ServerReported.State.ACCEPTED);
            if (servers.add(serverId)) {
                later(settings.checkInDelay, () -> checkIn(create));
            }
        } else {
            if (suspended.remove(serverId) && !dead.contains(serverId)) {
                silent.remove(serverId);
                resumed.add(serverId);
                ServerMetadata last = latest.get(serverId);
                if (last != null) {
                    act(last); // the agent is back: it polls its document at once
                }
            }
        }
    }

    /**
     * The agent of a server stops for good (a dead agent): it answers no document from now on, neither runs nor
     * checks, though the server is still there.
     */
    public void kill(String serverId) {
        dead.add(serverId);
        silent.add(serverId);
    }

    /** Reports a generation of a server on {@code hearth.compute.status}, as a driver does. */
    private void report(ServerDesired desired, ServerReported.State state) {
        CloudEvent event = CloudEvent.of("/hearth/compute", desired.serverId(), new ServerReported(desired.serverId(),
                desired.stackId(), desired.tenant(), desired.generation(), state, "simulated", null));
        producer.send(new ProducerRecord<>(Topics.COMPUTE_STATUS, desired.reportKey(), event.toJson()), (metadata, e) -> {
            if (e != null) {
                errors.add(e);
            }
        });
    }

    private void checkIn(ServerSpec create) {
        int n = addresses.getAndIncrement();
        String address = "127.0." + (n / 254) + "." + (n % 254 + 1);
        Instant now = Instant.now();
        String tree = tree(create.metadataUrl(), create.stackId());
        trees.put(create.serverId(), tree);
        send(tree, create.stackId(), new ServerCheckedIn(create.stackId(), create.serverId(), address, "simulated",
                "simulated-" + create.serverId(), now));
        checkIns.add(new CheckIn(create.stackId(), create.serverId(), address, now));
    }

    /** A record of a server's metadata (its part or a deployment's item): acts on the server's document it makes. */
    private void onMetadata(ConsumerRecord<String, String> record) {
        ServerMetadata metadata;
        synchronized (assembly) {
            ServerMetadataAssembly.Change change = assembly.apply(record.topic(), record.key(), record.value());
            if (change == null) {
                return;
            }
            var document = assembly.document(change.serverId());
            if (document.deleted()) {
                generations.remove(change.serverId()); // tombstone: the server is gone
                return;
            }
            metadata = new ServerMetadata(document.serverId(), document.stackId(), document.tenant(),
                    document.generation(), document.deployments(), document.check());
        }
        if (settings.filtered && !servers.contains(metadata.serverId())) {
            return; // a server this simulator does not play
        }
        latest.merge(metadata.serverId(), metadata, (was, now) -> now.generation() > was.generation() ? now : was);
        if (!silent.contains(metadata.serverId())) {
            act(metadata);
        }
    }

    /**
     * What the server's agent does with a document it polled: answers its check (as the gateway reports a poll that
     * was served one), and runs each deployment generation it has not run yet.
     */
    private void act(ServerMetadata metadata) {
        if (metadata.check() != null && answered.add(metadata.serverId() + "/" + metadata.check())) {
            send(trees.getOrDefault(metadata.serverId(), metadata.stackId()), metadata.stackId(),
                    new ServerCheckedIn(metadata.stackId(), metadata.serverId(), null, "simulated",
                            "simulated-" + metadata.serverId(), Instant.now(), metadata.check()));
        }
        Long last = generations.get(metadata.serverId());
        if (last != null && metadata.generation() < last) {
            return; // older than one already read (a record that changed the document without raising its
                    // generation, one of another deployment arriving late, is acted on)
        }
        generations.put(metadata.serverId(), metadata.generation());
        Instant seen = Instant.now();
        for (DeploymentItem item : metadata.deployments()) {
            Run run = new Run(item.deploymentId(), input(item, "deploy_action"), item.generation());
            sightings.computeIfAbsent(run, r -> new AtomicInteger()).incrementAndGet();
            if (!"NO_SIGNAL".equals(input(item, "deploy_signal_transport"))
                    && scheduled.add(item.deploymentId() + "/" + item.generation())) {
                later(settings.signalDelay(), () -> signal(metadata, item, run, seen));
            }
        }
    }

    private void signal(ServerMetadata metadata, DeploymentItem item, Run run, Instant seen) {
        String stackId = stackId(item, metadata);
        String resource = input(item, "deploy_resource_name");
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        for (JsonNode declared : item.outputs() == null ? List.<JsonNode>of() : item.outputs()) {
            String name = declared.path("name").asText();
            outputs.put(name, settings.outputs.value(item, name));
        }
        Instant now = Instant.now();
        send(tree(input(item, "deploy_signal_id"), stackId), stackId, new DeploymentSignalled(stackId,
                item.deploymentId(), metadata.serverId(), run.action(), run.generation(), "ran " + run.action()
                        + " of " + resource + " (generation " + run.generation() + ")", "", 0, outputs, now));
        signals.add(new Signal(stackId, metadata.serverId(), resource, run, outputs, seen, now));
    }

    /**
     * The key the gateway gives what an agent sends through {@code url}: the stack tree its path names
     * ({@code .../trees/{root}/...}), else {@code fallback} (a URL without the tree, or none).
     */
    static String tree(String url, String fallback) {
        int at = url == null ? -1 : url.indexOf("/trees/");
        if (at < 0) {
            return fallback;
        }
        int start = at + "/trees/".length();
        int end = url.indexOf('/', start);
        return end < 0 ? fallback : url.substring(start, end);
    }

    /** The deployment's stack: the id part of its {@code deploy_stack_id} ({@code name/id}), else the server's. */
    private static String stackId(DeploymentItem item, ServerMetadata metadata) {
        String path = input(item, "deploy_stack_id");
        return path == null ? metadata.stackId() : path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The text of an input of a metadata item, or null when it has none.
     *
     * @param item the item
     * @param name the input's name, e.g. {@code deploy_resource_name} or a declared input
     */
    public static String input(DeploymentItem item, String name) {
        for (DeploymentInput input : item.inputs() == null ? List.<DeploymentInput>of() : item.inputs()) {
            if (name.equals(input.name())) {
                return input.value() == null || input.value().isNull() ? null : input.value().asText();
            }
        }
        return null;
    }

    /** Sends as the gateway does: keyed by the stack tree, with the stack as subject. */
    private void send(String key, String stackId, Object data) {
        CloudEvent event = CloudEvent.of(GATEWAY, stackId, data);
        producer.send(new ProducerRecord<>(Topics.SIGNALS, key, event.toJson()), (metadata, e) -> {
            if (e != null) {
                LOG.log(System.Logger.Level.ERROR, "cannot send " + event.type() + " of stack " + stackId, e);
                errors.add(e);
            }
        });
    }

    private void later(Duration delay, Runnable action) {
        Runnable guarded = () -> {
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "simulated compute action failed: " + e.getMessage(), e);
                errors.add(e);
            }
        };
        if (delay.isZero()) {
            guarded.run();
        } else {
            timer.schedule(guarded, delay.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** The spec of every new server wanted ACTIVE that this simulator plays, in arrival order. */
    public List<ServerSpec> created() {
        return List.copyOf(created);
    }

    /** Every desired state DELETED read, in arrival order. */
    /** The servers suspended now. */
    public Set<String> suspended() {
        return Set.copyOf(suspended);
    }

    /** The servers resumed (wanted ACTIVE again after SUSPENDED), in order. */
    public List<String> resumed() {
        return List.copyOf(resumed);
    }

    public List<ServerDesired> deleted() {
        return List.copyOf(deleted);
    }

    /** Every check-in sent, in order; one per server id. */
    public List<CheckIn> checkIns() {
        return List.copyOf(checkIns);
    }

    /** Every deployment signal sent, in order. */
    public List<Signal> signals() {
        return List.copyOf(signals);
    }

    /** The deployment signals sent for one stack, in order. */
    public List<Signal> signals(String stackId) {
        return signals.stream().filter(s -> s.stackId().equals(stackId)).toList();
    }

    /**
     * How many fresh metadata documents listed each run. A deployment stays in its server's
     * document while it exists, so a run is listed again by every later generation of that
     * document; a run that is missing here was never scheduled.
     */
    public Map<Run, Integer> sightings() {
        Map<Run, Integer> copy = new LinkedHashMap<>();
        sightings.forEach((run, count) -> copy.put(run, count.get()));
        return copy;
    }

    /** What went wrong: unreadable records, failed sends. Empty when all went well. */
    public List<Exception> errors() {
        return List.copyOf(errors);
    }

    /** Stops the poll threads and the timer (pending delayed answers are dropped), then flushes what was sent. */
    @Override
    public void close() {
        tails.forEach(TopicTail::close);
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(10));
    }

    /** How the simulator answers; {@link #start()} builds and starts it. */
    public static final class Builder {

        private final String bootstrapServers;
        private Duration checkInDelay = Duration.ZERO;
        private Duration signalDelayMin = Duration.ZERO;
        private Duration signalDelayMax = Duration.ZERO;
        private Predicate<ServerSpec> servers = create -> true;
        private boolean filtered;
        private OutputValues outputs = (item, output) ->
                TextNode.valueOf(output + " of " + input(item, "deploy_resource_name"));

        private Builder(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
        }

        /** Time between reading a new server's desired state ACTIVE and its check-in (default none). */
        public Builder checkInDelay(Duration delay) {
            this.checkInDelay = delay;
            return this;
        }

        /** Time between seeing a deployment in metadata and signalling it (default none). */
        public Builder signalDelay(Duration delay) {
            return signalDelay(delay, delay);
        }

        /** A signal delay drawn uniformly between {@code min} and {@code max} for each deployment. */
        public Builder signalDelay(Duration min, Duration max) {
            if (max.compareTo(min) < 0) {
                throw new IllegalArgumentException("signal delay max " + max + " is less than min " + min);
            }
            this.signalDelayMin = min;
            this.signalDelayMax = max;
            return this;
        }

        /**
         * Plays only the servers whose {@code ServerSpec} passes {@code which} (default: every server),
         * so that two simulators, or a simulator and another agent, can share one system.
         */
        public Builder servers(Predicate<ServerSpec> which) {
            this.servers = which;
            this.filtered = true;
            return this;
        }

        /** The value of each declared output (default {@code "<output> of <deploy_resource_name>"}). */
        public Builder outputs(OutputValues outputs) {
            this.outputs = outputs;
            return this;
        }

        private Duration signalDelay() {
            long min = signalDelayMin.toNanos();
            long max = signalDelayMax.toNanos();
            return Duration.ofNanos(min == max ? min : ThreadLocalRandom.current().nextLong(min, max + 1));
        }

        /**
         * Starts the simulator: returns once both topics' partitions are assigned and positioned
         * at their end, so everything published afterwards is answered.
         *
         * @throws IllegalStateException when a topic does not exist
         */
        public SimulatedCompute start() {
            return new SimulatedCompute(this).listen();
        }
    }
}
