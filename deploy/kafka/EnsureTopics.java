import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.tools.TopicCommand;

/**
 * Used by deploy/up: creates the topics listed on stdin, one "name partitions cleanup.policy
 * max.message.bytes" per line, with Kafka's own {@code TopicCommand --create --if-not-exists}, all in
 * ONE JVM (a JVM per topic costs about 1.5 s each). Then warns about existing topics whose partition
 * count or cleanup.policy differ from the list (those are never altered), and sets max.message.bytes
 * on existing topics where it differs (a topic made before the limit was raised: harmless to change).
 *
 * <p>Usage: {@code java -cp classes:lib/* EnsureTopics <bootstrap> <admin.properties> < list}
 * Exit code 0 when every topic exists afterwards, 1 otherwise.
 */
public final class EnsureTopics {

    /** First exit code TopicCommand asked for during the current command; -1 when none. */
    private static volatile int exitCode = -1;

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: EnsureTopics <bootstrap-servers> <admin.properties>");
            System.exit(2);
        }
        String bootstrap = args[0];
        String commandConfig = args[1];

        List<String[]> wanted = new ArrayList<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\\s+");
            if (f.length != 4) {
                System.err.println("bad topic line (expected: name partitions cleanup.policy max.message.bytes): "
                        + line);
                System.exit(2);
            }
            wanted.add(f);
        }

        // TopicCommand calls Exit.exit(code) when a command is done (its execute() does, then its
        // main() again). Record the first code instead of ending the JVM.
        Exit.setExitProcedure((code, message) -> {
            if (exitCode < 0) {
                exitCode = code;
            }
        });
        PrintStream realOut = System.out;
        int failures = 0;
        for (String[] t : wanted) {
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            exitCode = -1;
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                TopicCommand.main("--bootstrap-server", bootstrap, "--command-config", commandConfig,
                        "--create", "--if-not-exists", "--topic", t[0], "--partitions", t[1],
                        "--replication-factor", "1", "--config", "cleanup.policy=" + t[2],
                        "--config", "max.message.bytes=" + t[3]);
            } finally {
                System.setOut(realOut);
            }
            int code = Math.max(exitCode, 0);
            String output = captured.toString(StandardCharsets.UTF_8);
            if (code != 0) {
                failures++;
                System.out.printf("    FAILED  %s: %s%n", t[0], output.trim().replace('\n', ' '));
            } else if (output.contains("Created topic")) {
                System.out.printf("    created %s (partitions=%s, cleanup.policy=%s, max.message.bytes=%s)%n", t[0],
                        t[1], t[2], t[3]);
            } else {
                System.out.printf("    exists  %s%n", t[0]);
            }
        }
        Exit.resetExitProcedure();

        Properties props = new Properties();
        try (FileReader r = new FileReader(commandConfig, StandardCharsets.UTF_8)) {
            props.load(r);
        }
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(props)) {
            List<String> names = wanted.stream().map(t -> t[0]).collect(Collectors.toList());
            List<ConfigResource> resources = names.stream()
                    .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n))
                    .collect(Collectors.toList());
            // A fresh broker may not serve a topic's metadata the moment it is created
            // (UnknownTopicOrPartitionException): ask again for up to 10 s.
            Map<String, TopicDescription> descriptions = null;
            Map<ConfigResource, Config> configs = null;
            for (int attempt = 1; configs == null; attempt++) {
                try {
                    descriptions = admin.describeTopics(names).allTopicNames().get();
                    configs = admin.describeConfigs(resources).all().get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException)
                            || attempt == 40) {
                        throw e;
                    }
                    Thread.sleep(250);
                }
            }
            for (String[] t : wanted) {
                int partitions = descriptions.get(t[0]).partitions().size();
                ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, t[0]);
                String policy = configs.get(resource).get(TopicConfig.CLEANUP_POLICY_CONFIG).value();
                String maxBytes = configs.get(resource).get(TopicConfig.MAX_MESSAGE_BYTES_CONFIG).value();
                if (!maxBytes.equals(t[3])) {
                    admin.incrementalAlterConfigs(Map.of(resource, List.of(new AlterConfigOp(
                            new ConfigEntry(TopicConfig.MAX_MESSAGE_BYTES_CONFIG, t[3]), AlterConfigOp.OpType.SET))))
                            .all().get();
                    System.out.printf("    updated %s: max.message.bytes %s -> %s%n", t[0], maxBytes, t[3]);
                }
                if (partitions != Integer.parseInt(t[1]) || !policy.equals(t[2])) {
                    System.out.printf("    WARNING %s has %d partitions and cleanup.policy=%s, the contracts "
                            + "say %s and %s (existing topics are not altered; 'deploy/down --purge' "
                            + "starts from scratch)%n", t[0], partitions, policy, t[1], t[2]);
                }
            }
        } catch (Exception e) {
            failures++;
            System.out.println("    FAILED  to verify the topics: " + e);
        }
        System.exit(failures == 0 ? 0 : 1);
    }
}
