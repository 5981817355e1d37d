import static io.hearth.testsupport.bench.StacksApi.API;
import static io.hearth.testsupport.bench.StacksApi.KAFKA;
import static io.hearth.testsupport.bench.StacksApi.id;
import static io.hearth.testsupport.bench.StacksApi.quote;
import static io.hearth.testsupport.bench.StacksApi.send;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.SimulatedCompute;
import io.hearth.testsupport.TopicTail;
import io.hearth.testsupport.bench.ProcessCpu;
import io.hearth.testsupport.bench.StacksApi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Contextualization of an {@code OS::Heat::AutoScalingGroup} scaled out through its ScalingPolicy's
 * {@code alarm_url}, with the design of {@code deploy/examples/slurm-like.yaml}: a "head" deployment in the parent
 * reads {@code {get_attr: [group, members]}} and {@code members_generation} (actions CREATE, UPDATE, CONTEXTUALIZE)
 * and its hook publishes the members' addresses and their generation as facts of the stack's data bag; each member
 * (a template resource: a server, an {@code OS::Hearth::DataBag}, a SoftwareDeployment with actions CREATE and
 * CONTEXTUALIZE) reads those facts, so every member runs again whenever the group changes. test-support's
 * {@link SimulatedCompute} plays the compute driver and the agents (start the system with
 * {@code HEARTH_LOCAL_COMPUTE=0}); the head's simulated hook answers the output {@code facts} from its inputs.
 *
 * <p>Creates the stack with N members, waits until everything is quiet, POSTs the alarm URL (change_in_capacity
 * M), and prints: the time from the last new member's check-in to every run of the final generation COMPLETE (the
 * head's CONTEXTUALIZE with N + M members, then each member's run whose facts carry that generation), where that
 * time goes, the MembershipChanged generations the scale-out produced, the runs, and the records written on every
 * {@code hearth.*} topic per member. Then deletes the stack.
 *
 * <p>Run against a running system with {@code bench/contextualization [N] [M] [signal delay ms]}.
 */
public class ContextualizationBench {

    private static final Duration TIMEOUT = Duration.ofMinutes(
            Long.parseLong(System.getenv().getOrDefault("BENCH_TIMEOUT_MINUTES", "10")));
    /** How long no record may be written on any hearth.* topic for the system to count as quiet. */
    private static final Duration QUIET = Duration.ofSeconds(2);

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            parameters:
              size: {type: number}
              step: {type: number}
              prefix: {type: string}
            resources:
              facts:
                type: OS::Hearth::DataBag
              head:
                type: OS::Nova::Server
                properties:
                  name: {list_join: ['-', [{get_param: prefix}, head]]}
                  image: local
                  flavor: local
                  user_data_format: SOFTWARE_CONFIG
              head_config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: members, type: Json}, {name: generation, type: Number}]
                  outputs: [{name: facts}]
                  config: "#!/bin/sh\\ntrue\\n"
              head_deployment:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: head_config}
                  server: {get_resource: head}
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values:
                    members: {get_attr: [group, members]}
                    generation: {get_attr: [group, members_generation]}
              group:
                type: OS::Heat::AutoScalingGroup
                properties:
                  min_size: 1
                  max_size: 1000
                  desired_capacity: {get_param: size}
                  cooldown: 0
                  resource:
                    type: member.yaml
                    properties:
                      prefix: {get_param: prefix}
              scale_out:
                type: OS::Heat::ScalingPolicy
                properties:
                  auto_scaling_group_id: {get_resource: group}
                  adjustment_type: change_in_capacity
                  scaling_adjustment: {get_param: step}
                  cooldown: 0
            outputs:
              alarm_url: {value: {get_attr: [scale_out, alarm_url]}}
              generation: {value: {get_attr: [facts, generation]}}
            """;

    private static final String MEMBER = """
            heat_template_version: 2021-04-16
            parameters:
              prefix: {type: string}
            resources:
              facts:
                type: OS::Hearth::DataBag
              server:
                type: OS::Nova::Server
                properties:
                  name: {get_param: prefix}
                  image: local
                  flavor: local
                  user_data_format: SOFTWARE_CONFIG
              config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: nodes, type: Json}, {name: generation, type: Number}]
                  outputs: [{name: seen}]
                  config: "#!/bin/sh\\ntrue\\n"
              deployment:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  actions: [CREATE, CONTEXTUALIZE]
                  input_values:
                    nodes: {get_attr: [facts, nodes]}
                    generation: {get_attr: [facts, generation]}
            """;

    /**
     * One run the simulated agents answered: which deployment, its action, the membership generation it saw.
     *
     * @param deploymentId the deployment
     * @param generation   the deployment's generation (the run)
     * @param action       its deploy_action
     * @param head         whether it is the head's deployment
     * @param seenGeneration the membership generation in its inputs (-1 when none yet)
     * @param nodes        how many members (head) or node addresses (member) it saw
     * @param at           when it was signalled
     */
    record Run(String deploymentId, long generation, String action, boolean head, long seenGeneration, int nodes,
            Instant at) {
    }

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception e) {
            StacksApi.fail(e);
        }
    }

    private static void run(String[] args) throws Exception {
        int initial = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int step = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long delayMs = args.length > 2 ? Long.parseLong(args[2]) : 0;
        int total = initial + step;
        String prefix = "bench-ctx-" + UUID.randomUUID().toString().substring(0, 8);
        System.out.printf("Contextualization: AutoScalingGroup of %d members (server + DataBag + deployment reading"
                + " the facts), a head deployment reading {get_attr: [group, members]} that publishes them as facts;"
                + " scaled out by %d through alarm_url; signal delay %d ms; API %s, Kafka %s; load average %s%n",
                initial, step, delayMs, API, KAFKA, load());

        Queue<Run> runs = new ConcurrentLinkedQueue<>();
        try (Events events = Events.start(KAFKA); Offsets offsets = new Offsets(KAFKA);
                SimulatedCompute compute = SimulatedCompute.builder(KAFKA).signalDelay(Duration.ofMillis(delayMs))
                        .servers(create -> create.name().startsWith(prefix))
                        .outputs((item, output) -> answer(item, output, runs)).start()) {
            Instant createdAt = Instant.now();
            String body = "{\"stack_name\": \"" + prefix + "\", \"template\": " + quote(TEMPLATE)
                    + ", \"files\": {\"member.yaml\": " + quote(MEMBER) + "}, \"parameters\": {\"size\": " + initial
                    + ", \"step\": " + step + ", \"prefix\": \"" + prefix + "\"}}";
            String id = id(send("POST", API + "/stacks", body, 201, true));
            String stack = API + "/stacks/" + prefix + "/" + id;
            Instant created = await("stack CREATE", () -> events.stackEnded(id + "/CREATE"));
            String status = events.stackStatus(id + "/CREATE");
            Instant settled = offsets.awaitQuiet(QUIET, TIMEOUT);
            System.out.printf("%ncreate, %d members: %s in %.1f s, quiet %.1f s later; generations %d, runs: head %d,"
                    + " members' CONTEXTUALIZE %d (%.1f per member)%n", initial, status, seconds(createdAt, created),
                    seconds(created, settled), events.generations(id).size(), count(runs, true, null),
                    count(runs, false, "CONTEXTUALIZE"), (double) count(runs, false, "CONTEXTUALIZE") / initial);
            // CREATE_COMPLETE may come before the head's facts reached the members (the bag's change is applied to
            // each member stack after the head's run completed the stack): wait until every member ran with them.
            Instant converged = await("every member's run of the bag's facts", () -> {
                JsonNode facts = HearthJson.readTree(send("GET", stack + "/data_bag", null, 200, true))
                        .path("data_bag").path("facts");
                Map<String, Long> seen = lastSeen(runs);
                return facts.has("generation") && seen.size() == initial && seen.values().stream()
                        .allMatch(g -> g == facts.path("generation").asLong()) ? Instant.now() : null;
            });
            System.out.printf("  every member ran with the bag's facts %.1f s after CREATE_COMPLETE%n",
                    seconds(created, converged));
            offsets.awaitQuiet(QUIET, TIMEOUT);
            explain("  create: runs by the membership generation they saw;", events, id, runs, 0, 0);
            JsonNode bag = HearthJson.readTree(send("GET", stack + "/data_bag", null, 200, true)).path("data_bag");
            System.out.printf("  once quiet: the data bag holds version %s, facts generation %s with %d nodes; stack"
                    + " show's output generation (get_attr of the parent's DataBag) %s; members whose last run saw"
                    + " the bag's generation: %d of %d%n", bag.path("version").asText(),
                    bag.path("facts").path("generation").asText("none"), bag.path("facts").path("nodes").size(),
                    output(send("GET", stack, null, 200, true), "generation"),
                    lastSeen(runs).values().stream().filter(g -> g == bag.path("facts").path("generation")
                            .asLong(-2)).count(), initial);
            if (!"CREATE_COMPLETE".equals(status)) {
                throw new IllegalStateException("the stack is " + status);
            }
            String alarm = await("stack show with alarm_url", () -> {
                String shown = send("GET", stack, null, 200, true);
                return shown.contains("\"CREATE_COMPLETE\"") ? output(shown, "alarm_url") : null;
            });

            int checkInsBefore = compute.checkIns().size();
            int runsBefore = runs.size();
            long generationBefore = events.generations(id).stream().mapToLong(MembershipChanged::generation).max()
                    .orElse(0);
            Map<String, Long> recordsBefore = offsets.ends();
            Map<String, Long> cpuBefore = ProcessCpu.sample();
            Instant alarmAt = Instant.now();
            send("POST", alarm, "{}", 200, false);

            // Done: the membership generation with every member, the head's run of it, and a run of every member
            // that saw the facts of that generation, each COMPLETE.
            Instant done = awaitOrExplain("every member's run of the final generation COMPLETE", () -> {
                MembershipChanged last = events.last(id);
                if (last == null || last.generation() <= generationBefore || last.members().size() != total) {
                    return null;
                }
                List<Run> finalRuns = runs.stream().filter(r -> r.seenGeneration() == last.generation()).toList();
                List<Instant> completed = new ArrayList<>();
                Set<String> members = ConcurrentHashMap.newKeySet();
                boolean head = false;
                for (Run r : finalRuns) {
                    Instant at = events.completed(r.deploymentId(), r.generation());
                    if (at != null) {
                        completed.add(at);
                        if (r.head()) {
                            head = true;
                        } else {
                            members.add(r.deploymentId());
                        }
                    }
                }
                return head && members.size() == total ? completed.stream().max(Instant::compareTo).get() : null;
            }, () -> explain("NOT CONVERGED.", events, id, runs, runsBefore, generationBefore));
            Map<String, Long> cpuAfter = ProcessCpu.sample();
            Map<String, Long> recordsAtDone = offsets.ends();
            Instant quiet = offsets.awaitQuiet(QUIET, TIMEOUT);
            Map<String, Long> recordsAfter = offsets.ends();

            List<SimulatedCompute.CheckIn> checkIns = compute.checkIns().subList(checkInsBefore,
                    compute.checkIns().size());
            Instant lastCheckIn = checkIns.stream().map(SimulatedCompute.CheckIn::at).max(Instant::compareTo)
                    .orElseThrow(() -> new IllegalStateException("no new server checked in"));
            Instant firstCheckIn = checkIns.stream().map(SimulatedCompute.CheckIn::at).min(Instant::compareTo).get();
            List<MembershipChanged> generations = events.generations(id).stream()
                    .filter(g -> g.generation() > generationBefore).toList();
            MembershipChanged last = generations.get(generations.size() - 1);
            List<Run> scaleRuns = List.copyOf(runs).subList(runsBefore, runs.size());
            List<Run> headRuns = scaleRuns.stream().filter(Run::head).toList();
            List<Run> finalMemberRuns = scaleRuns.stream()
                    .filter(r -> !r.head() && r.seenGeneration() == last.generation()).toList();
            Run finalHead = headRuns.stream().filter(r -> r.seenGeneration() == last.generation()).findFirst().get();
            Instant headComplete = events.completed(finalHead.deploymentId(), finalHead.generation());
            Instant bagChanged = events.bagChangedAfter(id, headComplete);
            long contextualize = scaleRuns.stream().filter(r -> !r.head() && "CONTEXTUALIZE".equals(r.action()))
                    .count();

            System.out.printf("%nscale-out %d -> %d: %d new servers checked in, alarm POST -> first / last %.2f /"
                    + " %.2f s%n", initial, total, checkIns.size(), seconds(alarmAt, firstCheckIn),
                    seconds(alarmAt, lastCheckIn));
            System.out.printf("  MembershipChanged generations of the scale-out: %d (%s)%n", generations.size(),
                    generations.stream().map(g -> "gen " + g.generation() + ": " + g.members().size() + " members at "
                            + String.format("%+.2f s", seconds(lastCheckIn, events.generationAt(id, g.generation()))))
                            .collect(Collectors.joining(", ")));
            System.out.printf("  **last new member's check-in -> every run of generation %d COMPLETE  %8.2f s**"
                    + " (target <= 2 s)%n", last.generation(), seconds(lastCheckIn, done));
            System.out.printf("  where it goes, from the last check-in (s): generation %d published %.2f;"
                    + " head's %s signalled %.2f, COMPLETE %.2f; DataBagChanged %.2f; members' runs of it signalled"
                    + " first %.2f / last %.2f; last COMPLETE %.2f%n", last.generation(),
                    seconds(lastCheckIn, events.generationAt(id, last.generation())), finalHead.action(),
                    seconds(lastCheckIn, finalHead.at()), seconds(lastCheckIn, headComplete),
                    seconds(lastCheckIn, bagChanged),
                    seconds(lastCheckIn, finalMemberRuns.stream().map(Run::at).min(Instant::compareTo).orElse(null)),
                    seconds(lastCheckIn, finalMemberRuns.stream().map(Run::at).max(Instant::compareTo).orElse(null)),
                    seconds(lastCheckIn, done));
            Instant published = events.generationAt(id, last.generation());
            Instant[] groupEnd = events.groupEndedBefore(id, published);
            if (groupEnd != null) {
                System.out.printf("  the generation's path (s from the last check-in): last server joined (lifecycle"
                        + " event seen) %.2f; last member stack CREATE_COMPLETE seen %.2f; group resource's action"
                        + " ended (engine's event time) %.2f, seen %.2f; generation written by the notifier %.2f,"
                        + " seen %.2f%n", seconds(lastCheckIn, events.lastJoinBetween(alarmAt, published)),
                        seconds(lastCheckIn, events.lastCreateEndedBetween(alarmAt, published)),
                        seconds(lastCheckIn, groupEnd[0]), seconds(lastCheckIn, groupEnd[1]),
                        seconds(lastCheckIn, events.generationWritten(id, last.generation())),
                        seconds(lastCheckIn, published));
            }
            System.out.printf("  runs during the scale-out: head %d (%s); members' CONTEXTUALIZE %d (%.2f per old"
                    + " member), CREATE %d; runs of the final generation: %d (%d CONTEXTUALIZE, %d CREATE);"
                    + " DataBagChanged records %d%n", headRuns.size(),
                    headRuns.stream().map(r -> r.action() + " gen " + r.seenGeneration() + " (" + r.nodes() + ")")
                            .collect(Collectors.joining(", ")), contextualize, (double) contextualize / initial,
                    scaleRuns.stream().filter(r -> !r.head() && "CREATE".equals(r.action())).count(),
                    finalMemberRuns.size(),
                    finalMemberRuns.stream().filter(r -> "CONTEXTUALIZE".equals(r.action())).count(),
                    finalMemberRuns.stream().filter(r -> "CREATE".equals(r.action())).count(),
                    events.bagChanges(id, alarmAt));
            explain("  runs by the membership generation they saw;", events, id, runs, runsBefore, generationBefore);
            System.out.printf("  alarm POST -> all COMPLETE %.2f s, -> no record on any topic for %d s %.2f s%n",
                    seconds(alarmAt, done), QUIET.toSeconds(), seconds(alarmAt, quiet));
            printRecords("at all COMPLETE", recordsBefore, recordsAtDone, step, total);
            printRecords("once quiet", recordsBefore, recordsAfter, step, total);
            System.out.printf("  CPU seconds during the scale-out (to all COMPLETE): %s%n",
                    ProcessCpu.perOperation(cpuBefore, cpuAfter, 1000));
            if (!compute.errors().isEmpty()) {
                System.out.printf("simulator errors: %d, first: %s%n", compute.errors().size(), compute.errors().get(0));
            }

            Instant deleting = Instant.now();
            send("DELETE", stack, null, 204, true);
            Instant deleted = await("stack DELETE", () -> events.stackEnded(id + "/DELETE"));
            System.out.printf("%ndelete, %d members: %s in %.1f s; load average %s%n", total,
                    events.stackStatus(id + "/DELETE"), seconds(deleting, deleted), load());
        }
    }

    /**
     * The simulated hooks' outputs: the head publishes {@code facts} (its members' addresses and their generation),
     * a member answers {@code seen} (the generation it saw); each answer is recorded as a run.
     */
    private static JsonNode answer(DeploymentItem item, String output, Queue<Run> runs) {
        String action = SimulatedCompute.input(item, "deploy_action");
        if ("facts".equals(output)) {
            JsonNode members = value(item, "members");
            long generation = value(item, "generation").asLong(-1);
            ObjectNode facts = JsonNodeFactory.instance.objectNode();
            List<String> nodes = new ArrayList<>();
            members.forEach(m -> nodes.add(m.path("address").asText()));
            nodes.sort(null);
            nodes.forEach(facts.putArray("nodes")::add);
            facts.put("generation", generation);
            runs.add(new Run(item.deploymentId(), item.generation(), action, true, generation, members.size(),
                    Instant.now()));
            return facts;
        }
        long generation = value(item, "generation").asLong(-1);
        runs.add(new Run(item.deploymentId(), item.generation(), action, false, generation,
                value(item, "nodes").size(), Instant.now()));
        return LongNode.valueOf(generation);
    }

    /** The membership generation each member deployment's latest run saw. */
    private static Map<String, Long> lastSeen(Collection<Run> runs) {
        Map<String, Run> last = new java.util.HashMap<>();
        for (Run r : runs) {
            if (!r.head()) {
                last.merge(r.deploymentId(), r, (a, b) -> b.generation() > a.generation() ? b : a);
            }
        }
        Map<String, Long> seen = new java.util.HashMap<>();
        last.forEach((id, r) -> seen.put(id, r.seenGeneration()));
        return seen;
    }

    private static JsonNode value(DeploymentItem item, String name) {
        for (DeploymentInput input : item.inputs()) {
            if (name.equals(input.name()) && input.value() != null) {
                return input.value();
            }
        }
        return NullNode.getInstance();
    }

    private static long count(Collection<Run> runs, boolean head, String action) {
        return runs.stream().filter(r -> r.head() == head && (action == null || action.equals(r.action()))).count();
    }

    private static void printRecords(String when, Map<String, Long> before, Map<String, Long> after, int added,
            int total) {
        Map<String, Long> written = new TreeMap<>();
        after.forEach((topic, end) -> {
            long n = end - before.getOrDefault(topic, 0L);
            if (n > 0) {
                written.put(topic, n);
            }
        });
        long sum = written.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf("  records on hearth.* %s: %d = %.1f per new member, %.1f per member (%s)%n", when, sum,
                (double) sum / added, (double) sum / total, written);
    }

    /** Reads the stack's events, deployment runs, membership generations and data bag changes from their topics. */
    static final class Events implements AutoCloseable {

        private final Map<String, Instant> stackEnded = new ConcurrentHashMap<>();
        private final Map<String, String> stackStatus = new ConcurrentHashMap<>();
        private final Map<String, Instant> completed = new ConcurrentHashMap<>();
        private final Queue<MembershipChanged> generations = new ConcurrentLinkedQueue<>();
        private final Map<String, Instant> generationAt = new ConcurrentHashMap<>();
        /** The generations' CloudEvent times: when the notifier wrote them to its outbox. */
        private final Map<String, Instant> generationWritten = new ConcurrentHashMap<>();
        /** The ends of the group resources' actions, by stack: when the engine wrote them, when they were seen. */
        private final Queue<Map.Entry<String, Instant[]>> groupEnds = new ConcurrentLinkedQueue<>();
        /** When each server's CREATE_COMPLETE came on hearth.instance.lifecycle, by its group's stack. */
        private final Queue<Map.Entry<String, Instant>> joins = new ConcurrentLinkedQueue<>();
        private final Queue<Map.Entry<DataBagChanged, Instant>> bags = new ConcurrentLinkedQueue<>();
        private final List<TopicTail> tails = new ArrayList<>();

        static Events start(String bootstrap) {
            Events events = new Events();
            events.tails.add(TopicTail.start(bootstrap, Topics.STACK_EVENTS, events::stackEvent, Events::error));
            events.tails.add(TopicTail.start(bootstrap, Topics.MEMBERSHIP, events::membership, Events::error));
            events.tails.add(TopicTail.start(bootstrap, Topics.SIGNALS, events::signal, Events::error));
            events.tails.add(TopicTail.start(bootstrap, Topics.INSTANCE_LIFECYCLE, events::lifecycle,
                    Events::error));
            return events;
        }

        private static void error(Exception e) {
            System.err.println("topic tail: " + e.getMessage());
        }

        private void stackEvent(ConsumerRecord<String, String> record) {
            CloudEvent.parseAll(record.value()).forEach(this::stackEvent);
        }

        private void stackEvent(CloudEvent event) {
            if (StackStatusChanged.TYPE.equals(event.type())) {
                StackStatusChanged s = event.dataAs(StackStatusChanged.class);
                if (!"IN_PROGRESS".equals(s.status())
                        && stackEnded.putIfAbsent(s.stackId() + "/" + s.action(), Instant.now()) == null) {
                    stackStatus.put(s.stackId() + "/" + s.action(), s.stackStatus());
                }
            } else if (ResourceStatusChanged.TYPE.equals(event.type())) {
                ResourceStatusChanged r = event.dataAs(ResourceStatusChanged.class);
                if (MembershipChanged.GROUP_TYPES.contains(r.resourceType()) && !"IN_PROGRESS".equals(r.status())
                        && !ResourceStatusChanged.SIGNAL.equals(r.action())) {
                    groupEnds.add(Map.entry(r.stackId(), new Instant[] {event.time(), Instant.now()}));
                }
            } else if (DeploymentStatusChanged.TYPE.equals(event.type())) {
                DeploymentStatusChanged d = event.dataAs(DeploymentStatusChanged.class);
                if ("COMPLETE".equals(d.status())) {
                    completed.putIfAbsent(d.deploymentId() + "/" + d.generation(), Instant.now());
                }
            }
        }

        private void membership(ConsumerRecord<String, String> record) {
            CloudEvent event = CloudEvent.parse(record.value());
            if (MembershipChanged.TYPE.equals(event.type())) {
                MembershipChanged m = event.dataAs(MembershipChanged.class);
                generations.add(m);
                generationAt.putIfAbsent(m.stackId() + "/" + m.generation(), Instant.now());
                generationWritten.putIfAbsent(m.stackId() + "/" + m.generation(), event.time());
            }
        }

        private void lifecycle(ConsumerRecord<String, String> record) {
            CloudEvent event = CloudEvent.parse(record.value());
            if (InstanceStateChanged.TYPE.equals(event.type())) {
                InstanceStateChanged change = event.dataAs(InstanceStateChanged.class);
                if ("CREATE_COMPLETE".equals(change.state()) && change.groupStackId() != null) {
                    joins.add(Map.entry(change.groupStackId(), Instant.now()));
                }
            }
        }

        /** When the last server of the group's stack (or of its nested stack) joined between the two times. */
        Instant lastJoinBetween(Instant from, Instant to) {
            return joins.stream().map(Map.Entry::getValue).filter(at -> !at.isBefore(from) && !at.isAfter(to))
                    .max(Instant::compareTo).orElse(null);
        }

        /** When the last stack's CREATE ended between the two times (during a scale-out: the new member stacks). */
        Instant lastCreateEndedBetween(Instant from, Instant to) {
            return stackEnded.entrySet().stream().filter(e -> e.getKey().endsWith("/CREATE"))
                    .map(Map.Entry::getValue).filter(at -> !at.isBefore(from) && !at.isAfter(to))
                    .max(Instant::compareTo).orElse(null);
        }

        private void signal(ConsumerRecord<String, String> record) {
            if (record.value() != null && record.value().contains(DataBagChanged.TYPE)) {
                CloudEvent event = CloudEvent.parse(record.value());
                if (DataBagChanged.TYPE.equals(event.type())) {
                    bags.add(Map.entry(event.dataAs(DataBagChanged.class), Instant.now()));
                }
            }
        }

        Instant stackEnded(String key) {
            return stackEnded.get(key);
        }

        String stackStatus(String key) {
            return stackStatus.get(key);
        }

        /** When the run (deployment, generation) was COMPLETE on hearth.stack.events. */
        Instant completed(String deploymentId, long generation) {
            return completed.get(deploymentId + "/" + generation);
        }

        /** The generations of the stack's group, in the order they came, the redelivered ones once. */
        List<MembershipChanged> generations(String stackId) {
            Map<Long, MembershipChanged> byGeneration = new TreeMap<>();
            generations.stream().filter(g -> g.stackId().equals(stackId) && "group".equals(g.groupName()))
                    .forEach(g -> byGeneration.putIfAbsent(g.generation(), g));
            return List.copyOf(byGeneration.values());
        }

        MembershipChanged last(String stackId) {
            List<MembershipChanged> all = generations(stackId);
            return all.isEmpty() ? null : all.get(all.size() - 1);
        }

        Instant generationAt(String stackId, long generation) {
            return generationAt.get(stackId + "/" + generation);
        }

        /** When the notifier wrote the generation to its outbox (its CloudEvent's time). */
        Instant generationWritten(String stackId, long generation) {
            return generationWritten.get(stackId + "/" + generation);
        }

        /**
         * The last end of an action of a group resource of the stack before the time: {when the engine wrote it,
         * when it was seen}; null if none.
         */
        Instant[] groupEndedBefore(String stackId, Instant before) {
            return groupEnds.stream().filter(e -> e.getKey().equals(stackId) && !e.getValue()[1].isAfter(before))
                    .map(Map.Entry::getValue).max((a, b) -> a[1].compareTo(b[1])).orElse(null);
        }

        /** DataBagChanged records of the tree (one per stack holding a DataBag) seen since the time. */
        long bagChanges(String rootStackId, Instant since) {
            return bags.stream().filter(b -> b.getKey().rootStackId().equals(rootStackId)
                    && !b.getValue().isBefore(since)).count();
        }

        /** When the first DataBagChanged of the tree came after the time; null if none. */
        Instant bagChangedAfter(String rootStackId, Instant since) {
            return since == null ? null : bags.stream().filter(b -> b.getKey().rootStackId().equals(rootStackId)
                    && !b.getValue().isBefore(since)).map(Map.Entry::getValue).min(Instant::compareTo).orElse(null);
        }

        @Override
        public void close() {
            tails.forEach(TopicTail::close);
        }
    }

    /** The end offsets of every hearth.* topic: how many records the system wrote. */
    static final class Offsets implements AutoCloseable {

        private final Admin admin;

        Offsets(String bootstrap) {
            Properties props = new Properties();
            props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            this.admin = Admin.create(props);
        }

        /** Records ever written per topic (the sum of its partitions' end offsets). */
        Map<String, Long> ends() throws Exception {
            Set<String> topics = admin.listTopics().names().get().stream().filter(t -> t.startsWith("hearth."))
                    .collect(Collectors.toSet());
            Map<TopicPartition, OffsetSpec> specs = new java.util.HashMap<>();
            for (TopicDescription d : admin.describeTopics(topics).allTopicNames().get().values()) {
                d.partitions().forEach(p -> specs.put(new TopicPartition(d.name(), p.partition()),
                        OffsetSpec.latest()));
            }
            Map<String, Long> ends = new TreeMap<>();
            admin.listOffsets(specs).all().get().forEach((tp, info) -> ends.merge(tp.topic(), info.offset(),
                    Long::sum));
            return ends;
        }

        /** Waits until no topic grew for {@code quiet}; returns when the last record was seen written. */
        Instant awaitQuiet(Duration quiet, Duration timeout) throws Exception {
            long deadline = System.nanoTime() + timeout.toNanos();
            Map<String, Long> last = ends();
            Instant changed = Instant.now();
            while (System.nanoTime() < deadline) {
                Thread.sleep(200);
                Map<String, Long> now = ends();
                if (!now.equals(last)) {
                    last = now;
                    changed = Instant.now();
                } else if (Duration.between(changed, Instant.now()).compareTo(quiet) >= 0) {
                    return changed;
                }
            }
            throw new IllegalStateException("the topics were never quiet for " + quiet + " within " + timeout);
        }

        @Override
        public void close() {
            admin.close(Duration.ofSeconds(5));
        }
    }

    interface Probe<T> {
        T at() throws Exception;
    }

    /** Polls every 50 ms until the probe answers; fails after the timeout. */
    private static <T> T await(String what, Probe<T> probe) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            T at = probe.at();
            if (at != null) {
                return at;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException(what + " did not happen within " + TIMEOUT);
    }

    /** Polls as {@link #await}; on the timeout prints what the system did so far, then fails. */
    private static <T> T awaitOrExplain(String what, Probe<T> probe, Runnable explain) throws Exception {
        try {
            return await(what, probe);
        } catch (IllegalStateException e) {
            explain.run();
            throw e;
        }
    }

    /** What was seen of the scale-out: its generations, and per generation seen the runs signalled and COMPLETE. */
    private static void explain(String title, Events events, String id, Queue<Run> runs, int runsBefore,
            long generationBefore) {
        System.out.printf("%s generations after the alarm: %s%n", title, events.generations(id).stream()
                .filter(g -> g.generation() > generationBefore)
                .map(g -> g.generation() + " (" + g.members().size() + " members)").collect(Collectors.joining(", ")));
        Map<String, long[]> byGeneration = new TreeMap<>();
        for (Run r : List.copyOf(runs).subList(runsBefore, runs.size())) {
            long[] counts = byGeneration.computeIfAbsent((r.head() ? "head " : "member ") + r.action() + " gen "
                    + r.seenGeneration(), k -> new long[2]);
            counts[0]++;
            if (events.completed(r.deploymentId(), r.generation()) != null) {
                counts[1]++;
            }
        }
        byGeneration.forEach((k, c) -> System.out.printf("  runs %s: signalled %d, COMPLETE %d%n", k, c[0], c[1]));
    }

    /** An output's value in a stack show, or null. */
    private static String output(String show, String key) {
        for (JsonNode output : HearthJson.readTree(show).path("stack").path("outputs")) {
            if (key.equals(output.path("output_key").asText())) {
                return output.path("output_value").asText();
            }
        }
        return null;
    }

    /** Seconds from one time to another; NaN when the second is unknown. */
    private static double seconds(Instant from, Instant to) {
        return from == null || to == null ? Double.NaN : Duration.between(from, to).toMillis() / 1000.0;
    }

    private static String load() {
        try {
            return String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg")).split(" ")).subList(0, 3));
        } catch (Exception e) {
            return "?";
        }
    }
}
