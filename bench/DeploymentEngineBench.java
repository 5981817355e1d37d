import static io.hearth.testsupport.bench.StacksApi.API;
import static io.hearth.testsupport.bench.StacksApi.KAFKA;
import static io.hearth.testsupport.bench.StacksApi.id;
import static io.hearth.testsupport.bench.StacksApi.quote;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.LayeredDeployments;
import io.hearth.testsupport.SimulatedCompute;
import io.hearth.testsupport.TopicTail;
import io.hearth.testsupport.bench.ProcessCpu;
import io.hearth.testsupport.bench.StacksApi;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The deployment engine at scale through the whole system: S stacks created at once through the
 * public API, each with servers and layered software deployments ({@link LayeredDeployments}: chains of
 * deployments, each taking the output of the one before it), while {@link SimulatedCompute} plays the
 * compute driver, the agents and the signal gateway on the system's Kafka. The default is 10 stacks of
 * 100 servers and 200 deployments: 1,000 servers and 2,000 deployments (Heat allows 1,000 resources per
 * stack, hence several stacks). Prints servers checked in, deployments completed, the wall time from the
 * first create to the last CREATE_COMPLETE, deployments per second, and per-deployment latency from its
 * metadata being seen to its resource's CREATE_COMPLETE on {@code hearth.stack.events}, and the CPU of the
 * system's processes per deployment ({@link ProcessCpu}: each process and its JIT compiler threads), to the last
 * CREATE_COMPLETE and over the whole run; then deletes the stacks. Every wait is bounded.
 *
 * <p>Run against a running system ({@code deploy/up}) with {@code bench/deployment-engine
 * [stacks] [servers per stack] [chains] [layers] [signal delay ms]}.
 */
public class DeploymentEngineBench {

    private static final Duration TIMEOUT = Duration.ofMinutes(
            Long.parseLong(System.getenv().getOrDefault("BENCH_TIMEOUT_MINUTES", "20")));

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception e) {
            StacksApi.fail(e);
        }
    }

    private static void run(String[] args) throws Exception {
        int stacks = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int servers = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int chains = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int layers = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        long delayMs = args.length > 4 ? Long.parseLong(args[4]) : 0;
        LayeredDeployments shape = new LayeredDeployments(servers, chains, layers);
        String template = shape.hotTemplate();
        String quoted = quote(template);
        int totalDeployments = stacks * shape.deployments();
        System.out.printf("%d stacks x (%d servers + %d deployments in %d layers of %d) = %d servers, %d deployments;"
                + " signal delay %d ms; API %s, Kafka %s%n", stacks, servers, shape.deployments(), layers, chains,
                stacks * servers, totalDeployments, delayMs, API, KAFKA);

        String run = UUID.randomUUID().toString().substring(0, 8);
        try (StackEvents events = StackEvents.start(KAFKA);
                SimulatedCompute compute = SimulatedCompute.builder(KAFKA).signalDelay(Duration.ofMillis(delayMs))
                        .servers(create -> create.name().startsWith("bench-engine-" + run))
                        .outputs(LayeredDeployments.outputs()).start()) {
            ExecutorService pool = Executors.newFixedThreadPool(stacks);
            List<Future<String>> creates = new ArrayList<>();
            Map<String, Long> cpuStart = ProcessCpu.sample();
            long start = System.nanoTime();
            Instant startedAt = Instant.now();
            for (int i = 0; i < stacks; i++) {
                String name = "bench-engine-" + run + "-" + i;
                String body = "{\"stack_name\": \"" + name + "\", \"template\": " + quoted + "}";
                creates.add(pool.submit(() -> id(send("POST", "/stacks", body, 201))));
            }
            List<String> ids = new ArrayList<>();
            Map<String, String> names = new ConcurrentHashMap<>();
            for (int i = 0; i < stacks; i++) {
                String id = creates.get(i).get();
                ids.add(id);
                names.put(id, "bench-engine-" + run + "-" + i);
            }
            pool.shutdown();
            System.out.printf("%d creates answered in %.1f s%n", stacks, (System.nanoTime() - start) / 1e9);

            boolean done = waitUntil(() -> ids.stream().allMatch(events::finished), TIMEOUT);
            Map<String, Long> cpuCreated = ProcessCpu.sample();
            long end = ids.stream().filter(events::finished).mapToLong(events::finishedAt).max().orElse(System.nanoTime());
            Set<String> ours = Set.copyOf(ids);
            List<SimulatedCompute.Signal> signals = compute.signals().stream()
                    .filter(s -> ours.contains(s.stackId())).toList();
            long checkedIn = compute.checkIns().stream().filter(c -> ours.contains(c.stackId())).count();
            long completed = signals.stream().filter(s -> events.completedAt(s.run().deploymentId()) != null).count();
            List<String> failed = ids.stream().filter(events::finished)
                    .filter(id -> !"CREATE_COMPLETE".equals(events.status(id))).toList();

            double wall = (end - start) / 1e9;
            System.out.printf("%nservers checked in          %8d of %d%n", checkedIn, stacks * servers);
            System.out.printf("deployments completed       %8d of %d (signalled %d)%n", completed, totalDeployments,
                    signals.size());
            System.out.printf("stacks CREATE_COMPLETE      %8d of %d%s%n", stacks - failed.size()
                    - ids.stream().filter(id -> !events.finished(id)).count(), stacks,
                    failed.isEmpty() ? "" : "; failed: " + failed.stream().map(id -> id + " " + events.status(id)
                            + " " + events.reason(id)).toList());
            if (!done) {
                System.out.printf("NOT DONE: %d stacks still in progress after %s%n",
                        ids.stream().filter(id -> !events.finished(id)).count(), TIMEOUT);
            }
            System.out.printf("wall time, first create to last CREATE_COMPLETE  %8.1f s%n", wall);
            System.out.printf("deployments completed per second, overall         %8.1f%n", completed / wall);
            if (signals.size() > 1) {
                Instant first = signals.stream().map(SimulatedCompute.Signal::sentAt).min(Instant::compareTo).get();
                Instant last = signals.stream().map(SimulatedCompute.Signal::sentAt).max(Instant::compareTo).get();
                double span = Duration.between(first, last).toNanos() / 1e9;
                System.out.printf("deployments per second, first signal to last     %8.1f (%d in %.1f s; first"
                        + " signal %.1f s after the first create)%n", signals.size() / span, signals.size(), span,
                        Duration.between(startedAt, first).toNanos() / 1e9);
            }
            long[] seenToComplete = signals.stream().filter(s -> events.completedAt(s.run().deploymentId()) != null)
                    .mapToLong(s -> Duration.between(s.seenAt(), events.completedAt(s.run().deploymentId())).toNanos())
                    .sorted().toArray();
            long[] signalToComplete = signals.stream().filter(s -> events.completedAt(s.run().deploymentId()) != null)
                    .mapToLong(s -> Duration.between(s.sentAt(), events.completedAt(s.run().deploymentId())).toNanos())
                    .sorted().toArray();
            System.out.printf("per deployment, metadata seen -> CREATE_COMPLETE  p50 %7.1f ms  p95 %7.1f ms%n",
                    pct(seenToComplete, 0.5), pct(seenToComplete, 0.95));
            System.out.printf("per deployment, signal sent -> CREATE_COMPLETE    p50 %7.1f ms  p95 %7.1f ms%n",
                    pct(signalToComplete, 0.5), pct(signalToComplete, 0.95));
            System.out.printf("CPU ms per deployment, to the last CREATE_COMPLETE: all %s%n  %s%n",
                    ProcessCpu.total(cpuStart, cpuCreated, totalDeployments),
                    ProcessCpu.perOperation(cpuStart, cpuCreated, totalDeployments));
            if (!compute.errors().isEmpty()) {
                System.out.printf("simulator errors: %d, first: %s%n", compute.errors().size(), compute.errors().get(0));
            }

            long deleteStart = System.nanoTime();
            for (String id : ids) {
                send("DELETE", "/stacks/" + names.get(id) + "/" + id, null, 204);
            }
            boolean deleted = waitUntil(() -> ids.stream().allMatch(events::deleted), TIMEOUT);
            System.out.printf("%ndelete of %d stacks: %s in %.1f s%n", stacks, deleted ? "DELETE_COMPLETE" : "NOT DONE",
                    (System.nanoTime() - deleteStart) / 1e9);
            Map<String, Long> cpuEnd = ProcessCpu.sample();
            System.out.printf("CPU ms per deployment, the whole run (create, signals, delete): all %s%n  %s%n",
                    ProcessCpu.total(cpuStart, cpuEnd, totalDeployments),
                    ProcessCpu.perOperation(cpuStart, cpuEnd, totalDeployments));
            if (!done || !failed.isEmpty() || !deleted) {
                System.exit(1);
            }
        }
    }

    /**
     * Reads {@code hearth.stack.events} from its end: when each deployment resource reached
     * CREATE_COMPLETE and when each stack finished its create and its delete.
     */
    static final class StackEvents implements AutoCloseable {

        private final Map<String, Instant> completed = new ConcurrentHashMap<>();
        private final Map<String, StackStatusChanged> created = new ConcurrentHashMap<>();
        private final Map<String, Long> createdAt = new ConcurrentHashMap<>();
        private final Set<String> deletedStacks = ConcurrentHashMap.newKeySet();
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
            if (ResourceStatusChanged.TYPE.equals(event.type())) {
                ResourceStatusChanged r = event.dataAs(ResourceStatusChanged.class);
                if ("CREATE".equals(r.action()) && "COMPLETE".equals(r.status())
                        && "OS::Heat::SoftwareDeployment".equals(r.resourceType())) {
                    completed.putIfAbsent(r.physicalResourceId(), Instant.now());
                }
            } else if (StackStatusChanged.TYPE.equals(event.type())) {
                StackStatusChanged s = event.dataAs(StackStatusChanged.class);
                if ("CREATE".equals(s.action()) && !"IN_PROGRESS".equals(s.status())) {
                    createdAt.putIfAbsent(s.stackId(), System.nanoTime());
                    created.putIfAbsent(s.stackId(), s);
                } else if ("DELETE".equals(s.action()) && !"IN_PROGRESS".equals(s.status())) {
                    deletedStacks.add(s.stackId());
                }
            }
        }

        Instant completedAt(String deploymentId) {
            return completed.get(deploymentId);
        }

        boolean finished(String stackId) {
            return created.containsKey(stackId);
        }

        long finishedAt(String stackId) {
            return createdAt.get(stackId);
        }

        String status(String stackId) {
            return created.get(stackId).stackStatus();
        }

        String reason(String stackId) {
            return created.get(stackId).statusReason();
        }

        boolean deleted(String stackId) {
            return deletedStacks.contains(stackId);
        }

        @Override
        public void close() {
            tail.close();
        }
    }

    interface Condition {
        boolean met();
    }

    /** Polls every 100 ms until the condition holds or the timeout passed; false on timeout. */
    private static boolean waitUntil(Condition condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.met()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    private static double pct(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))] / 1e6;
    }

    private static String send(String method, String path, String body, int expected) throws Exception {
        return StacksApi.send(method, API + path, body, expected, true);
    }
}
