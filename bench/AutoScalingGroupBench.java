import io.hearth.contracts.Topics;
import static io.hearth.testsupport.bench.StacksApi.API;
import static io.hearth.testsupport.bench.StacksApi.KAFKA;
import static io.hearth.testsupport.bench.StacksApi.id;
import static io.hearth.testsupport.bench.StacksApi.quote;
import static io.hearth.testsupport.bench.StacksApi.send;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.SimulatedCompute;
import io.hearth.testsupport.TopicTail;
import io.hearth.testsupport.bench.ProcessCpu;
import io.hearth.testsupport.bench.StacksApi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * An {@code OS::Heat::AutoScalingGroup} of simulated servers scaled out through its ScalingPolicy's
 * {@code alarm_url}. Each member is a template resource: a server and a software deployment of a config on it,
 * so a member checks in when its server reports (the agent's first poll) and its deployment signals.
 * test-support's {@link SimulatedCompute} plays the compute driver and the agents on the system's Kafka (start
 * the system with {@code HEARTH_LOCAL_COMPUTE=0}). The stack is created with N members (default 200), then the
 * alarm URL is POSTed (no token: it is pre-signed) with a policy of {@code change_in_capacity} M (default 100).
 * Prints the create's time, the whole scale-out (the POST to the group's UPDATE_COMPLETE on
 * {@code hearth.stack.events}), the time from the last new member's check-in (server, then deployment signal) to the
 * group's UPDATE_COMPLETE, and when stack show's output {@code size} followed; then deletes the stack.
 *
 * <p>Run against a running system with {@code bench/autoscaling-group [N] [M] [signal delay ms]}.
 */
public class AutoScalingGroupBench {

    private static final Duration TIMEOUT = Duration.ofMinutes(
            Long.parseLong(System.getenv().getOrDefault("BENCH_TIMEOUT_MINUTES", "20")));

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            parameters:
              size: {type: number}
              step: {type: number}
              prefix: {type: string}
            resources:
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
              size: {value: {get_attr: [group, current_size]}}
              alarm_url: {value: {get_attr: [scale_out, alarm_url]}}
            """;

    private static final String MEMBER = """
            heat_template_version: 2021-04-16
            parameters:
              prefix: {type: string}
            resources:
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
                  outputs: [{name: joined}]
                  config: "#!/bin/sh\\necho joined > ${heat_outputs_path}.joined\\n"
              deployment:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  actions: [CREATE]
            outputs:
              joined: {value: {get_attr: [deployment, joined]}}
            """;

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception e) {
            StacksApi.fail(e);
        }
    }

    private static void run(String[] args) throws Exception {
        int initial = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int step = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long delayMs = args.length > 2 ? Long.parseLong(args[2]) : 0;
        String prefix = "bench-asg-" + UUID.randomUUID().toString().substring(0, 8);
        System.out.printf("AutoScalingGroup of %d members (server + software deployment each), scaled out by %d"
                + " through alarm_url; signal delay %d ms; API %s, Kafka %s; load average %s%n", initial, step,
                delayMs, API, KAFKA, load());

        try (StackEvents events = StackEvents.start(KAFKA);
                SimulatedCompute compute = SimulatedCompute.builder(KAFKA).signalDelay(Duration.ofMillis(delayMs))
                        .servers(create -> create.name().startsWith(prefix)).start()) {
            Instant createdAt = Instant.now();
            String body = "{\"stack_name\": \"" + prefix + "\", \"template\": " + quote(TEMPLATE)
                    + ", \"files\": {\"member.yaml\": " + quote(MEMBER) + "}, \"parameters\": {\"size\": " + initial
                    + ", \"step\": " + step + ", \"prefix\": \"" + prefix + "\"}}";
            String id = id(send("POST", API + "/stacks", body, 201, true));
            String stack = API + "/stacks/" + prefix + "/" + id;
            Instant created = await("stack CREATE", () -> events.stackStatus(id, "CREATE"));
            String status = events.status(id, "CREATE");
            System.out.printf("%ncreate, %d members: %s in %.1f s (servers checked in %d, deployments signalled %d)%n",
                    initial, status, seconds(createdAt, created), compute.checkIns().size(), compute.signals().size());
            if (!"CREATE_COMPLETE".equals(status)) {
                throw new IllegalStateException("the stack is " + status);
            }
            // the read model applies the status a moment after the bench saw it on the topic
            String show = await("stack show CREATE_COMPLETE", () -> {
                String shown = send("GET", stack, null, 200, true);
                return shown.contains("\"CREATE_COMPLETE\"") ? shown : null;
            });
            String alarm = output(show, "alarm_url").orElseThrow(() -> new IllegalStateException("no alarm_url in "
                    + show));
            System.out.printf("output size after create: %s%n", output(show, "size").orElse("?"));

            int checkInsBefore = compute.checkIns().size();
            int signalsBefore = compute.signals().size();
            Map<String, Long> cpuBefore = ProcessCpu.sample();
            Instant alarmAt = Instant.now();
            send("POST", alarm, "{}", 200, false);
            Instant done = await("group UPDATE", () -> events.groupUpdated(id));
            Map<String, Long> cpuAfter = ProcessCpu.sample();
            List<SimulatedCompute.CheckIn> checkIns = compute.checkIns().subList(checkInsBefore,
                    compute.checkIns().size());
            List<SimulatedCompute.Signal> signals = compute.signals().subList(signalsBefore, compute.signals().size());
            Instant lastCheckIn = checkIns.stream().map(SimulatedCompute.CheckIn::at).max(Instant::compareTo)
                    .orElse(alarmAt);
            Instant firstCheckIn = checkIns.stream().map(SimulatedCompute.CheckIn::at).min(Instant::compareTo)
                    .orElse(alarmAt);
            Instant lastSignal = signals.stream().map(SimulatedCompute.Signal::sentAt).max(Instant::compareTo)
                    .orElse(alarmAt);
            System.out.printf("%nscale-out by %d: group %s%n", step, events.groupStatus(id));
            System.out.printf("  new servers checked in / deployments signalled        %8d / %d%n", checkIns.size(),
                    signals.size());
            System.out.printf("  alarm POST -> group UPDATE_COMPLETE (whole scale-out)  %8.1f s%n",
                    seconds(alarmAt, done));
            System.out.printf("  alarm POST -> first new server checked in              %8.1f s%n",
                    seconds(alarmAt, firstCheckIn));
            System.out.printf("  alarm POST -> last new server checked in               %8.1f s%n",
                    seconds(alarmAt, lastCheckIn));
            System.out.printf("  alarm POST -> last new deployment signalled            %8.1f s%n",
                    seconds(alarmAt, lastSignal));
            System.out.printf("  last new member's check-in (its deployment's signal) -> group UPDATE_COMPLETE"
                    + "  %8.1f s%n", seconds(lastSignal, done));
            System.out.printf("  where that time goes, last event of each kind after the last signal (s):"
                    + " deployment resource complete %.1f, member stack complete %.1f, member resource complete %.1f,"
                    + " group's nested stack UPDATE_COMPLETE %.1f%n",
                    seconds(lastSignal, events.latest("OS::Heat::SoftwareDeployment CREATE_COMPLETE")),
                    seconds(lastSignal, events.latest("stack CREATE_COMPLETE")),
                    seconds(lastSignal, events.latest("member.yaml CREATE_COMPLETE")),
                    seconds(lastSignal, events.latest("stack UPDATE_COMPLETE")));
            Instant outputsEvent = events.outputsChanged(id);
            System.out.printf("  group UPDATE_COMPLETE -> outputs published again       %8s%n",
                    outputsEvent == null ? "not seen" : String.format("%.1f s", seconds(done, outputsEvent)));
            Instant shown = await("output size " + (initial + step), () -> output(send("GET", stack, null, 200, true),
                    "size").filter(size -> size.equals(Integer.toString(initial + step))).map(size -> Instant.now())
                    .orElse(null));
            System.out.printf("  group UPDATE_COMPLETE -> stack show's size is %d      %8.1f s%n", initial + step,
                    seconds(done, shown));
            System.out.printf("  CPU seconds during the scale-out: %s%n",
                    ProcessCpu.perOperation(cpuBefore, cpuAfter, 1000));
            if (!compute.errors().isEmpty()) {
                System.out.printf("simulator errors: %d, first: %s%n", compute.errors().size(), compute.errors().get(0));
            }

            Instant deleting = Instant.now();
            send("DELETE", stack, null, 204, true);
            Instant deleted = await("stack DELETE", () -> events.stackStatus(id, "DELETE"));
            System.out.printf("%ndelete, %d members: %s in %.1f s; load average %s%n", initial + step,
                    events.status(id, "DELETE"), seconds(deleting, deleted), load());
        }
    }

    /**
     * Reads {@code hearth.stack.events} from its end: when the top stack's create and delete ended, when its
     * group's update ended, and when its outputs were published again.
     */
    static final class StackEvents implements AutoCloseable {

        private final Map<String, Instant> ended = new ConcurrentHashMap<>();
        private final Map<String, String> statuses = new ConcurrentHashMap<>();
        /** When the last event of each kind arrived: where the time between the last signal and the group goes. */
        private final Map<String, Instant> latest = new ConcurrentHashMap<>();
        private TopicTail tail;

        static StackEvents start(String bootstrap) {
            StackEvents events = new StackEvents();
            events.tail = TopicTail.start(bootstrap, Topics.STACK_EVENTS, events::accept,
                    e -> System.err.println("stack events: " + e.getMessage()));
            return events;
        }

        private void accept(ConsumerRecord<String, String> record) {
            CloudEvent.parseAll(record.value()).forEach(this::accept);
        }

        private void accept(CloudEvent event) {
            if (StackStatusChanged.TYPE.equals(event.type())) {
                StackStatusChanged s = event.dataAs(StackStatusChanged.class);
                if (!"IN_PROGRESS".equals(s.status())) {
                    end(s.stackId() + "/" + s.action(), s.stackStatus());
                    latest.put("stack " + s.stackStatus(), Instant.now());
                }
            } else if (ResourceStatusChanged.TYPE.equals(event.type())) {
                ResourceStatusChanged r = event.dataAs(ResourceStatusChanged.class);
                if ("COMPLETE".equals(r.status())) {
                    latest.put(r.resourceType() + " " + r.action() + "_COMPLETE", Instant.now());
                }
                if ("group".equals(r.resourceName()) && "UPDATE".equals(r.action()) && !"IN_PROGRESS".equals(r.status())
                        && !Boolean.TRUE.equals(r.eventOnly())) {
                    end(r.stackId() + "/group", r.action() + "_" + r.status());
                }
            } else if (StackOutputsChanged.TYPE.equals(event.type())) {
                end(event.dataAs(StackOutputsChanged.class).stackId() + "/outputs", "changed");
            }
        }

        private void end(String key, String status) {
            if (ended.putIfAbsent(key, Instant.now()) == null) {
                statuses.put(key, status);
            }
        }

        /** When the last event of a kind arrived ({@code stack UPDATE_COMPLETE}, {@code TYPE CREATE_COMPLETE}). */
        Instant latest(String kind) {
            return latest.get(kind);
        }

        Instant stackStatus(String stackId, String action) {
            return ended.get(stackId + "/" + action);
        }

        String status(String stackId, String action) {
            return statuses.get(stackId + "/" + action);
        }

        Instant groupUpdated(String stackId) {
            return ended.get(stackId + "/group");
        }

        String groupStatus(String stackId) {
            return statuses.get(stackId + "/group");
        }

        Instant outputsChanged(String stackId) {
            return ended.get(stackId + "/outputs");
        }

        @Override
        public void close() {
            tail.close();
        }
    }

    interface Probe<T> {
        T at() throws Exception;
    }

    /** Polls every 50 ms until the probe answers (a time, a body); fails after the timeout. */
    private static <T> T await(String what, Probe<T> probe) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            T at = probe.at();
            if (at != null) {
                return at;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException(what + " did not end within " + TIMEOUT);
    }

    /** An output's value in a stack show (a string's text, a number's digits), if the stack shows it. */
    private static Optional<String> output(String show, String key) {
        for (JsonNode output : HearthJson.readTree(show).path("stack").path("outputs")) {
            if (key.equals(output.path("output_key").asText())) {
                return Optional.of(output.path("output_value").asText());
            }
        }
        return Optional.empty();
    }

    /** Seconds from one time to another; NaN when the second is unknown (no such event seen). */
    private static double seconds(Instant from, Instant to) {
        return to == null ? Double.NaN : Duration.between(from, to).toMillis() / 1000.0;
    }

    private static String load() {
        try {
            return String.join(" ", List.of(Files.readString(Path.of("/proc/loadavg")).split(" ")).subList(0, 3));
        } catch (Exception e) {
            return "?";
        }
    }
}
