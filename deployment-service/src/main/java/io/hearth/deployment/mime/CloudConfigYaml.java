package io.hearth.deployment.mime;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;

/**
 * {@code OS::Heat::CloudConfig}'s config: {@code #cloud-config} and the {@code cloud_config} map as
 * YAML, written the way Heat's {@code yaml.dump(..., Dumper=SafeDumper)} writes it: block style, keys
 * sorted, two-space indents with list items level with their key, non-ASCII escaped, lines folded at
 * 80 columns. One difference remains: escapes of non-ASCII characters are written in lower case
 * ({@code \xe9}, PyYAML: {@code \xE9}); YAML reads both the same.
 */
public final class CloudConfigYaml {

    private CloudConfigYaml() {
    }

    /** The config text for a {@code cloud_config} map (null is an empty map). */
    public static String render(JsonNode cloudConfig) {
        return "#cloud-config\n" + dump(cloudConfig == null || cloudConfig.isNull() ? Map.of() : toJava(cloudConfig));
    }

    private static String dump(Object value) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setIndicatorIndent(0);
        options.setWidth(80);
        options.setAllowUnicode(false);
        options.setLineBreak(DumperOptions.LineBreak.UNIX);
        return new Yaml(new PyYamlRepresenter(options), options).dump(value);
    }

    /**
     * Strings as PyYAML represents them: the emitter picks plain, quoted or folded style; SnakeYAML's
     * own choice of a literal block for text with line breaks is not PyYAML's.
     */
    private static final class PyYamlRepresenter extends Representer {
        PyYamlRepresenter(DumperOptions options) {
            super(options);
            this.representers.put(String.class, data -> representScalar(Tag.STR, data.toString()));
        }
    }

    /** Plain Java values with maps sorted by key, as PyYAML sorts them. */
    private static Object toJava(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                map.put(e.getKey(), toJava(e.getValue()));
            }
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(item -> list.add(toJava(item)));
            return list;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.bigIntegerValue().bitLength() < 64 ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return null;
    }
}
