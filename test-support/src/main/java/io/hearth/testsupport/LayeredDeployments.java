package io.hearth.testsupport;

import com.fasterxml.jackson.databind.node.TextNode;

/**
 * A generated stack for tests and benchmarks at scale: {@code servers} servers, one SoftwareConfig
 * with input {@code in} and output {@code out}, and {@code chains × layers} SoftwareDeployments
 * {@code d_<layer>_<chain>}. A deployment of layer 0 gets {@code seed_<chain>} as input; every later
 * one gets the output of the deployment of the layer before it in its chain (get_attr), so the
 * deployments of a chain must run in order. Deployments are spread over the servers, a chain moving
 * to another server at each layer. With {@link #outputs()} each deployment outputs its input followed
 * by {@code >} and its own name, so the last output of a chain names every deployment of the chain in
 * the order they ran ({@link #expectedOutput}); the stack's output {@code chain_<chain>} is that value.
 *
 * @param servers the number of servers {@code server_<n>}
 * @param chains  the number of chains, i.e. deployments per layer
 * @param layers  the number of layers, i.e. deployments per chain
 */
public record LayeredDeployments(int servers, int chains, int layers) {

    /** The name of the deployment of a layer and chain. */
    public String deployment(int layer, int chain) {
        return "d_" + layer + "_" + chain;
    }

    /** The name of the server a deployment runs on. */
    public String server(int layer, int chain) {
        return "server_" + (layer * chains + chain + layer) % servers;
    }

    /** How many deployments the stack holds. */
    public int deployments() {
        return chains * layers;
    }

    /** How many resources the stack holds: servers, the config and the deployments. */
    public int resources() {
        return servers + 1 + deployments();
    }

    /** The value of the stack output {@code chain_<chain>} once every deployment ran with {@link #outputs()}. */
    public String expectedOutput(int chain) {
        StringBuilder value = new StringBuilder("seed_" + chain);
        for (int layer = 0; layer < layers; layer++) {
            value.append('>').append(deployment(layer, chain));
        }
        return value.toString();
    }

    /** Output values for {@link SimulatedCompute}: the deployment's input {@code in}, {@code >}, its name. */
    public static SimulatedCompute.OutputValues outputs() {
        return (item, output) -> TextNode.valueOf(SimulatedCompute.input(item, "in") + ">"
                + SimulatedCompute.input(item, "deploy_resource_name"));
    }

    /** The stack as a HOT template (version 2018-08-31), images and flavors being any names. */
    public String hotTemplate() {
        StringBuilder t = new StringBuilder();
        t.append("heat_template_version: 2018-08-31\n");
        t.append("description: ").append(servers).append(" servers and ").append(deployments())
                .append(" software deployments in ").append(layers).append(" layers (generated)\n");
        t.append("""
                resources:
                  config:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      group: script
                      config: |
                        #!/bin/sh
                        echo "$in" > $heat_outputs_path.out
                      inputs: [{name: in}]
                      outputs: [{name: out}]
                """);
        for (int s = 0; s < servers; s++) {
            t.append("  server_").append(s).append(":\n");
            t.append("    type: OS::Nova::Server\n");
            t.append("    properties: {image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}\n");
        }
        for (int layer = 0; layer < layers; layer++) {
            for (int chain = 0; chain < chains; chain++) {
                t.append("  ").append(deployment(layer, chain)).append(":\n");
                t.append("    type: OS::Heat::SoftwareDeployment\n");
                t.append("    properties:\n");
                t.append("      config: {get_resource: config}\n");
                t.append("      server: {get_resource: ").append(server(layer, chain)).append("}\n");
                t.append("      input_values: {in: ").append(layer == 0 ? "seed_" + chain
                        : "{get_attr: [" + deployment(layer - 1, chain) + ", out]}").append("}\n");
            }
        }
        t.append("outputs:\n");
        for (int chain = 0; chain < chains; chain++) {
            t.append("  chain_").append(chain).append(": {value: {get_attr: [")
                    .append(deployment(layers - 1, chain)).append(", out]}}\n");
        }
        return t.toString();
    }
}
