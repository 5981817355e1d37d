import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.TemplateParser;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.ReadResult;
import io.hearth.hot.read.TemplateReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Parse, validate and plan time of a generated template with many resources, through the same
 * classes template-service's stack create uses (TemplateReader, TemplateParser, StackPlanner),
 * in one JVM. Run with {@code bench/template-plan [resources] [warm-up runs] [measured runs]}.
 *
 * <p>The template mixes what real templates hold: parameters with constraints, SoftwareConfigs
 * with str_replace of parameters, Values chained through get_attr, RandomStrings, None resources
 * with depends_on, list_join/get_param in properties, and one output per ten resources.
 */
public class TemplatePlanBench {

    public static void main(String[] args) throws Exception {
        int resources = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        String text = template(resources);
        if (args.length > 3) {
            Files.writeString(Path.of(args[3]), text);
        }
        TemplateReader reader = new TemplateReader();
        TemplateParser parser = new TemplateParser();
        StackPlanner planner = new StackPlanner();
        StackIdentity identity = new StackIdentity("bench", UUID.randomUUID().toString(), "demo");
        System.out.printf("template: %d resources, %d bytes of YAML, %d lines%n", resources,
                text.getBytes(StandardCharsets.UTF_8).length, text.lines().count());

        long[][] times = new long[4][runs];
        int planned = 0;
        for (int i = 0; i < warmUp + runs; i++) {
            if (i == warmUp) {
                System.gc();
                ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            }
            long t0 = System.nanoTime();
            ReadResult read = reader.readTemplate(text);
            if (!read.ok()) {
                throw new IllegalStateException("generated template did not read: " + read.problems());
            }
            long t1 = System.nanoTime();
            JsonNode template = parser.validate(read.document());
            long t2 = System.nanoTime();
            StackPlan plan = planner.plan(template, null, Map.of(), Map.of(), identity, null, true);
            long t3 = System.nanoTime();
            planned = plan.resources().size();
            if (i >= warmUp) {
                int k = i - warmUp;
                times[0][k] = t1 - t0;
                times[1][k] = t2 - t1;
                times[2][k] = t3 - t2;
                times[3][k] = t3 - t0;
            }
        }
        if (planned != resources) {
            throw new IllegalStateException("planned " + planned + " resources, expected " + resources);
        }
        System.out.printf("runs: %d warm-up, %d measured (one thread, %s %s)%n", warmUp, runs,
                System.getProperty("java.vm.name"), System.getProperty("java.version"));
        String[] phases = {"read (YAML + locations + limits)", "validate (sections, versions)",
                "plan (params, functions, types, deps)", "total"};
        System.out.printf("%-40s %9s %9s %9s %9s%n", "phase", "min ms", "p50 ms", "p90 ms", "max ms");
        for (int p = 0; p < phases.length; p++) {
            long[] sorted = times[p].clone();
            Arrays.sort(sorted);
            System.out.printf("%-40s %9.1f %9.1f %9.1f %9.1f%n", phases[p], ms(sorted[0]),
                    ms(sorted[sorted.length / 2]), ms(sorted[(int) (sorted.length * 0.9)]), ms(sorted[sorted.length - 1]));
        }
        long heapPeak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                heapPeak += pool.getPeakUsage().getUsed();
            }
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        planner.plan(parser.validate(reader.readTemplate(text).document()), null, Map.of(), Map.of(), identity, null, true);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        System.out.printf("allocated per create (read+validate+plan): %.1f MiB%n", allocated / 1048576.0);
        System.out.printf("heap peak during measured runs (sum of pool peaks, -Xmx %s): %.1f MiB%n",
                Runtime.getRuntime().maxMemory() / 1048576 + "m", heapPeak / 1048576.0);
        System.out.printf("process peak RSS (VmHWM): %s%n", vmHwm());
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static String vmHwm() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return line.substring(6).trim();
            }
        }
        return "unknown";
    }

    /** A HOT template with {@code count} resources of mixed kinds. */
    static String template(int count) {
        StringBuilder t = new StringBuilder("""
                heat_template_version: 2018-08-31
                description: generated benchmark template
                parameters:
                  app_name:
                    type: string
                    default: bench
                    constraints:
                      - length: {min: 1, max: 64}
                      - allowed_pattern: "[a-z][a-z0-9-]*"
                  replicas:
                    type: number
                    default: 3
                    constraints:
                      - range: {min: 1, max: 100}
                  regions:
                    type: comma_delimited_list
                    default: "east,west,north"
                  debug:
                    type: boolean
                    default: false
                  settings:
                    type: json
                    default: {"level": "info", "retries": 3}
                conditions:
                  debug_on: {equals: [{get_param: debug}, true]}
                resources:
                """);
        List<String> outputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = "r" + i;
            switch (i % 5) {
                case 0 -> t.append("""
                          %s:
                            type: OS::Heat::SoftwareConfig
                            properties:
                              group: script
                              inputs:
                                - name: target
                                  type: String
                              outputs:
                                - name: result
                              config:
                                str_replace:
                                  template: |
                                    #!/bin/sh
                                    echo "$app $replicas $target" > ${heat_outputs_path}.result
                                  params:
                                    $app: {get_param: app_name}
                                    $replicas: {get_param: replicas}
                        """.formatted(name));
                case 1 -> t.append("""
                          %s:
                            type: OS::Heat::Value
                            properties:
                              type: string
                              value:
                                list_join: ['-', [{get_param: app_name}, {get_attr: [r%d, config]}, {get_param: [regions, 0]}]]
                        """.formatted(name, i - 1));
                case 2 -> t.append("""
                          %s:
                            type: OS::Heat::RandomString
                            properties:
                              length: 24
                              character_classes:
                                - class: lettersdigits
                                  min: 4
                        """.formatted(name));
                case 3 -> t.append("""
                          %s:
                            type: OS::Heat::Value
                            properties:
                              value:
                                if:
                                  - debug_on
                                  - {get_attr: [r%d, value]}
                                  - map_merge: [{get_param: settings}, {secret: {get_resource: r%d}}]
                        """.formatted(name, i - 2, i - 1));
                default -> t.append("""
                          %s:
                            type: OS::Heat::None
                            depends_on: [r%d, r%d]
                            properties:
                              note: {get_attr: [r%d, value, secret]}
                        """.formatted(name, i - 1, i - 3, i - 1));
            }
            if (i % 10 == 3) {
                outputs.add("""
                          out_%s:
                            description: value of %s
                            value: {get_attr: [%s, value]}
                        """.formatted(name, name, name));
            }
        }
        t.append("outputs:\n");
        outputs.forEach(t::append);
        return t.toString();
    }
}
