package io.hearth.hot.types;

import static io.hearth.hot.types.PropertyType.ANY;
import static io.hearth.hot.types.PropertyType.BOOLEAN;
import static io.hearth.hot.types.PropertyType.INTEGER;
import static io.hearth.hot.types.PropertyType.LIST;
import static io.hearth.hot.types.PropertyType.MAP;
import static io.hearth.hot.types.PropertyType.NUMBER;
import static io.hearth.hot.types.PropertyType.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resource types Hearth knows, with Heat's schemas, taken from openstack/heat:
 * {@code heat/engine/resources/openstack/heat/*.py}, {@code heat/engine/software_config_io.py},
 * {@code heat/engine/resources/openstack/nova/server.py} and
 * {@code heat/engine/resources/aws/autoscaling/autoscaling_group.py} (the size checks the HOT
 * AutoScalingGroup inherits). Descriptions are Heat's own text.
 *
 * <p>Where Hearth departs from Heat, the definition says so in a comment; in short:
 * <ul>
 * <li>defaults Heat reads from heat.conf are fixed here: a deployment's {@code signal_transport}
 *     defaults to {@code HEAT_SIGNAL} (Heat: {@code default_deployment_signal_transport}, shipped as
 *     CFN_SIGNAL) because Hearth's agents signal through its gateway the way HEAT_SIGNAL does, and a
 *     server's {@code software_config_transport} defaults to {@code POLL_SERVER_HEAT} (Heat:
 *     POLL_SERVER_CFN) because agents poll the gateway; {@code user_data_format} keeps Heat's
 *     shipped default HEAT_CFNTOOLS;</li>
 * <li>custom constraints ({@code glance.image}, {@code nova.flavor}, ...) are recorded but not
 *     checked: there is no Glance/Nova/Neutron to ask;</li>
 * <li>OS::Nova::Server's {@code networks[].port_extra_properties} is a free-form map (Heat nests
 *     Neutron port's extra properties schema there); the server's own {@code validate()} checks
 *     (image or bootable volume, network key combinations, ...) are not made: Hearth's compute
 *     drivers need neither;</li>
 * <li>{@code update_allowed} says what Hearth's engine does, since the catalogue is the one answer to
 *     "does this change replace the resource?" for both update preview and engine: OS::Nova::Server's
 *     {@code name}, {@code image}, {@code flavor}, {@code networks}, {@code user_data} and {@code tags},
 *     and OS::Heat::DeployedServer's {@code name}, are not (Heat renames, rebuilds, resizes and re-plugs
 *     a server in place; Hearth's compute drivers can only create and delete one, so a change of them
 *     replaces the server);</li>
 * <li>Hearth's extension {@code timeout} (seconds, at least 1) on OS::Heat::SoftwareDeployment and
 *     OS::Heat::StructuredDeployment: a deployment not signalled in time fails (Heat has only the
 *     stack's timeout);</li>
 * <li>checks that need other resources (a deployment's server must have
 *     {@code user_data_format: SOFTWARE_CONFIG}; a WaitCondition's handle must be a handle) and the
 *     validation of a group's member definition belong to the template-level validation, not here.</li>
 * </ul>
 */
final class HeatResourceTypes {

    private HeatResourceTypes() {
    }

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** {@code heat.common.password_gen.CHARACTER_CLASSES}. */
    static final String[] CHARACTER_CLASSES = {
        "lettersdigits", "letters", "lowercase", "uppercase", "digits", "hexdigits", "octdigits"};

    /** {@code SoftwareDeployment.SIGNAL_TRANSPORTS}. */
    static final String[] DEPLOYMENT_SIGNAL_TRANSPORTS = {
        "CFN_SIGNAL", "TEMP_URL_SIGNAL", "HEAT_SIGNAL", "NO_SIGNAL", "ZAQAR_SIGNAL"};

    /** Hearth's group attribute: the members that are CREATE_COMPLETE (docs/contextualization.md). */
    static final String MEMBERS = "members";
    static final String MEMBERS_GENERATION = "members_generation";
    private static final AttributeSchema MEMBERS_ATTR = attr("Hearth: the members whose server is CREATE_COMPLETE, "
            + "as the notifier last published them: a list of maps with name, server_id and address. Deployments "
            + "that read it are contextualized at each new generation.", "List");
    private static final AttributeSchema MEMBERS_GENERATION_ATTR = attr("Hearth: the generation of the members "
            + "attribute, 0 before the first.", "Integer");

    /**
     * {@code SoftwareDeployment.ALLOWED_DEPLOY_ACTIONS}, and Hearth's CONTEXTUALIZE (run instead of UPDATE when
     * inputs the deployment reads changed: docs/contextualization.md).
     */
    static final String[] DEPLOY_ACTIONS = {"CREATE", "UPDATE", "DELETE", "SUSPEND", "RESUME", "CONTEXTUALIZE"};

    /** {@code software_config_io.TYPES}. */
    static final String[] IO_TYPES = {"String", "Number", "CommaDelimitedList", "Json", "Boolean"};

    /** {@code Server._SOFTWARE_CONFIG_TRANSPORTS}. */
    static final String[] SOFTWARE_CONFIG_TRANSPORTS = {
        "POLL_SERVER_CFN", "POLL_SERVER_HEAT", "POLL_TEMP_URL", "ZAQAR_MESSAGE"};

    /** {@code heat.engine.hot.parameters.HOTParamSchema.TYPES}, for OS::Heat::Value's {@code type}. */
    static final String[] HOT_PARAMETER_TYPES = {"string", "number", "comma_delimited_list", "json", "boolean"};

    /** Builds every type, keyed by name. */
    static Map<String, ResourceType> all() {
        Map<String, ResourceType> types = new LinkedHashMap<>();
        for (ResourceType t : List.of(
                softwareConfig(), structuredConfig(), softwareComponent(),
                softwareDeployment(), structuredDeployment(),
                softwareDeploymentGroup("OS::Heat::SoftwareDeploymentGroup", "SoftwareDeploymentGroup",
                        SupportStatus.since("5.0.0"), false),
                softwareDeploymentGroup("OS::Heat::StructuredDeploymentGroup", "StructuredDeploymentGroup",
                        SupportStatus.since("5.0.0"), true),
                softwareDeploymentGroup("OS::Heat::SoftwareDeployments", "SoftwareDeployments",
                        SupportStatus.hidden("7.0.0", "Please use OS::Heat::SoftwareDeploymentGroup instead.",
                                SupportStatus.deprecated("2014.2", null, null)), false),
                softwareDeploymentGroup("OS::Heat::StructuredDeployments", "StructuredDeployments",
                        SupportStatus.hidden("7.0.0", "Please use OS::Heat::StructuredDeploymentGroup instead.",
                                SupportStatus.deprecated("2014.2", null, null)), true),
                multipartMime(), cloudConfig(), waitCondition(), waitConditionHandle(),
                randomString(), value(), none(), testResource(),
                resourceGroup(), resourceChain(), autoScalingGroup(), scalingPolicy(),
                deployedServer(), novaServer(), heatStack())) {
            types.put(t.name(), t);
        }
        HearthResourceTypes.all().forEach(t -> types.put(t.name(), t));
        return types;
    }

    // ================================================================== helpers

    private static PropertySchema.Builder p(PropertyType type, String description) {
        return PropertySchema.of(type, description);
    }

    private static Map<String, PropertySchema> keys(Object... nameSchemaPairs) {
        Map<String, PropertySchema> map = new LinkedHashMap<>();
        for (int i = 0; i < nameSchemaPairs.length; i += 2) {
            Object schema = nameSchemaPairs[i + 1];
            map.put((String) nameSchemaPairs[i],
                    schema instanceof PropertySchema.Builder b ? b.build() : (PropertySchema) schema);
        }
        return map;
    }

    private static ArrayNode strings(String... values) {
        ArrayNode array = JSON.arrayNode();
        for (String v : values) {
            array.add(v);
        }
        return array;
    }

    static Constraint allowed(String... values) {
        return new Constraint.AllowedValues(strings(values), null);
    }

    private static AttributeSchema attr(String description, String type) {
        return AttributeSchema.of(description, type);
    }

    private static AttributeSchema attr(String description, String type, SupportStatus status) {
        return AttributeSchema.of(description, type, status);
    }

    /** A literal integer, or null when the value is absent, a function or not an integer. */
    private static Long literalInt(JsonNode value) {
        if (value == null || value.isNull() || IntrinsicFunctions.containsFunction(value)) {
            return null;
        }
        PyValues.Converted c = PyValues.toInteger(value);
        return c.failed() ? null : c.value().longValue();
    }

    // ================================================================== software config

    /** {@code swc_io.input_config_schema}. */
    static Map<String, PropertySchema> inputConfigSchema() {
        return keys(
                "name", p(STRING, "Name of the input.").required(),
                "description", p(STRING, "Description of the input."),
                "type", p(STRING, "Type of the value of the input.").defaultValue("String")
                        .constraint(allowed(IO_TYPES)),
                "default", p(ANY, "Default value for the input if none is specified."),
                "replace_on_change", p(BOOLEAN,
                        "Replace the deployment instead of updating it when the input value changes.")
                        .defaultValue(false));
    }

    /** {@code swc_io.output_config_schema}. */
    static Map<String, PropertySchema> outputConfigSchema() {
        return keys(
                "name", p(STRING, "Name of the output.").required(),
                "description", p(STRING, "Description of the output."),
                "type", p(STRING, "Type of the value of the output.").defaultValue("String")
                        .constraint(allowed(IO_TYPES)),
                "error_output", p(BOOLEAN,
                        "Denotes that the deployment is in an error state if this output has a value.")
                        .defaultValue(false),
                "fact", p(BOOLEAN, "Hearth: when the deployment completes, this output's value is published to the"
                        + " stack's data bag as the fact of the same name."));
    }

    private static Map<String, PropertySchema> softwareConfigProperties() {
        return keys(
                "group", p(STRING, "Namespace to group this software config by when delivered to a server. "
                        + "This may imply what configuration tool is going to perform the configuration.")
                        .defaultValue("Heat::Ungrouped"),
                "config", p(STRING, "Configuration script or manifest which specifies what actual "
                        + "configuration is performed."),
                "options", p(MAP, "Map containing options specific to the configuration management tool "
                        + "used by this resource."),
                "inputs", p(LIST, "Schema representing the inputs that this software config is expecting.")
                        .items(p(MAP, null).keys(inputConfigSchema()).build()),
                "outputs", p(LIST, "Schema representing the outputs that this software config will produce.")
                        .items(p(MAP, null).keys(outputConfigSchema()).build()));
    }

    private static final AttributeSchema CONFIG_ATTR =
            attr("The config value of the software config.", "String");

    private static ResourceType softwareConfig() {
        return ResourceType.builder("OS::Heat::SoftwareConfig", "SoftwareConfig")
                .description("A resource for describing and storing software configuration.\n\n"
                        + "The software_configs API which backs this resource creates immutable configs, so "
                        + "any change to the template resource definition will result in a new config being "
                        + "created, and the old one being deleted.")
                .support(SupportStatus.since("2014.1"))
                .properties(softwareConfigProperties())
                .attribute("config", CONFIG_ATTR)
                .build();
    }

    private static ResourceType structuredConfig() {
        Map<String, PropertySchema> sc = softwareConfigProperties();
        return ResourceType.builder("OS::Heat::StructuredConfig", "StructuredConfig")
                .description("A resource which has same logic with OS::Heat::SoftwareConfig.\n\n"
                        + "This resource is like OS::Heat::SoftwareConfig except that the config property is "
                        + "represented by a Map rather than a String.")
                .support(SupportStatus.since("2014.1"))
                .property("group", sc.get("group"))
                .property("options", sc.get("options"))
                .property("inputs", sc.get("inputs"))
                .property("outputs", sc.get("outputs"))
                .property("config", p(MAP, "Map representing the configuration data structure which will be "
                        + "serialized to JSON format.").build())
                .attribute("config", CONFIG_ATTR)
                .build();
    }

    private static ResourceType softwareComponent() {
        Map<String, PropertySchema> sc = softwareConfigProperties();
        PropertySchema configSchema = p(MAP, null).keys(keys(
                // Custom actions are allowed (no allowed-values constraint), as in Heat.
                "actions", p(LIST, "Lifecycle actions to which the configuration applies. The string values "
                        + "provided for this property can include the standard resource actions CREATE, DELETE, "
                        + "UPDATE, SUSPEND and RESUME supported by Heat.")
                        .defaultValue(strings("CREATE", "UPDATE"))
                        .items(p(STRING, null).build())
                        .constraint(Constraint.length(1, null)),
                "config", sc.get("config"),
                "tool", p(STRING, "The configuration tool used to actually apply the configuration on a server. "
                        + "This string property has to be understood by in-instance tools running inside "
                        + "deployed servers.").required())).build();
        return ResourceType.builder("OS::Heat::SoftwareComponent", "SoftwareComponent")
                .description("A resource for describing and storing a software component.\n\n"
                        + "This resource is similar to OS::Heat::SoftwareConfig. In contrast to SoftwareConfig "
                        + "which allows for storing only one configuration (e.g. one script), SoftwareComponent "
                        + "allows for storing multiple configurations to address handling of all lifecycle hooks "
                        + "(CREATE, UPDATE, SUSPEND, RESUME, DELETE) for a software component in one place.")
                .support(SupportStatus.since("2014.2"))
                .property("configs", p(LIST, "The list of configurations for the different lifecycle actions "
                        + "of the represented software component.")
                        .items(configSchema).constraint(Constraint.length(1, null)).required().build())
                .property("inputs", sc.get("inputs"))
                .property("outputs", sc.get("outputs"))
                .property("options", sc.get("options"))
                // Heat declares a 'configs' attribute name but keeps SoftwareConfig's attributes_schema,
                // so get_attr accepts only 'config' (and 'show'), as here.
                .attribute("config", CONFIG_ATTR)
                .check(HeatResourceTypes::checkComponentActions)
                .build();
    }

    /** {@code SoftwareComponent.validate}: one configuration per lifecycle action. */
    private static List<TemplateProblem> checkComponentActions(String name, JsonNode props, String path) {
        JsonNode configs = props.get("configs");
        if (configs == null || !configs.isArray()) {
            return List.of();
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode config : configs) {
            if (!config.isObject() || IntrinsicFunctions.isFunction(config)) {
                return List.of();
            }
            JsonNode actions = config.get("actions");
            if (actions == null || actions.isNull()) {
                actions = strings("CREATE", "UPDATE");
            }
            if (!actions.isArray() || IntrinsicFunctions.containsFunction(actions)) {
                return List.of();
            }
            List<String> these = new ArrayList<>();
            for (JsonNode action : actions) {
                String a = Py.str(action);
                if (seen.contains(a)) {
                    return List.of(new TemplateProblem(path, "Defining more than one configuration for the same "
                            + "action in SoftwareComponent \"" + name + "\" is not allowed."));
                }
                these.add(a);
            }
            seen.addAll(these);
        }
        return List.of();
    }

    // ================================================================== deployments

    private static final String DEPLOYMENT_DESCRIPTION = "This resource associates a server with some "
            + "configuration.\n\nThe configuration is to be deployed to that server.\n\n"
            + "A deployment allows input values to be specified which map to the inputs schema defined in the "
            + "config resource. These input values are interpreted by the configuration tool in a tool-specific "
            + "manner.\n\nUnless signal_transport=NO_SIGNAL, this resource will remain in an IN_PROGRESS state "
            + "until the server signals it with the output values for that deployment. Those output values are "
            + "then available as resource attributes, along with the default attributes deploy_stdout, "
            + "deploy_stderr and deploy_status_code.";

    private static Map<String, PropertySchema> deploymentProperties() {
        return keys(
                "config", p(STRING, "ID of software configuration resource to execute when applying to the "
                        + "server.").updateAllowed(),
                "server", p(STRING, "ID of resource to apply configuration to. Normally this should be a Nova "
                        + "server ID.").required(),
                "input_values", p(MAP, "Input values to apply to the software configuration on this server.")
                        .updateAllowed(),
                "actions", p(LIST, "Which lifecycle actions of the deployment resource will result in this "
                        + "deployment being triggered.").updateAllowed()
                        .defaultValue(strings("CREATE", "UPDATE"))
                        .constraint(allowed(DEPLOY_ACTIONS)),
                "name", p(STRING, "Name of the derived config associated with this deployment. This is used to "
                        + "apply a sort order to the list of configurations currently deployed to a server.")
                        .updateAllowed(),
                "signal_transport", p(STRING, "How the server should signal to heat with the deployment output "
                        + "values. CFN_SIGNAL will allow an HTTP POST to a CFN keypair signed URL. TEMP_URL_SIGNAL "
                        + "will create a Swift TempURL to be signaled via HTTP PUT. HEAT_SIGNAL will allow calls to "
                        + "the Heat API resource-signal using the provided keystone credentials. ZAQAR_SIGNAL will "
                        + "create a dedicated zaqar queue to be signaled using the provided keystone credentials. "
                        + "NO_SIGNAL will result in the resource going to the COMPLETE state without waiting for "
                        + "any signal.")
                        // Heat: cfg.CONF.default_deployment_signal_transport (CFN_SIGNAL as shipped).
                        // Hearth's agents always signal through the gateway, like HEAT_SIGNAL.
                        .defaultValue("HEAT_SIGNAL")
                        .constraint(allowed(DEPLOYMENT_SIGNAL_TRANSPORTS)),
                // Not Heat's: Heat has only the stack's timeout (a per-deployment one was added and reverted).
                "timeout", deploymentTimeout());
    }

    /** Hearth's per-deployment timeout, which OS::Heat::SoftwareDeployment and StructuredDeployment share. */
    private static PropertySchema deploymentTimeout() {
        return p(INTEGER, "Hearth extension, not in Heat: the number of seconds to wait for the server to "
                + "signal the deployment of each action; a deployment not signalled in time fails with "
                + "\"Deployment timed out after N s\". When absent, only the stack's timeout applies.")
                .updateAllowed().constraint(Constraint.range(1, null)).build();
    }

    private static Map<String, PropertySchema> structuredDeploymentExtras() {
        return keys(
                "input_key", p(STRING, "Name of key to use for substituting inputs during deployment.")
                        .defaultValue("get_input"),
                "input_values_validate", p(STRING, "Perform a check on the input values passed to verify that "
                        + "each required input has a corresponding value. When the property is set to STRICT and "
                        + "no value is passed, an exception is raised.")
                        .defaultValue("LAX").constraint(allowed("LAX", "STRICT")));
    }

    private static Map<String, AttributeSchema> deploymentAttributes() {
        Map<String, AttributeSchema> a = new LinkedHashMap<>();
        a.put("deploy_stdout", attr("Captured stdout from the configuration execution.", "String"));
        a.put("deploy_stderr", attr("Captured stderr from the configuration execution.", "String"));
        a.put("deploy_status_code", attr("Returned status code from the configuration execution.", "String"));
        return a;
    }

    private static ResourceType softwareDeployment() {
        return ResourceType.builder("OS::Heat::SoftwareDeployment", "SoftwareDeployment")
                .description(DEPLOYMENT_DESCRIPTION)
                .support(SupportStatus.since("2014.1"))
                .properties(deploymentProperties())
                .attributes(deploymentAttributes())
                .attributeMode(ResourceType.AttributeMode.DEPLOYMENT_OUTPUTS)
                .build();
    }

    private static ResourceType structuredDeployment() {
        Map<String, PropertySchema> sd = deploymentProperties();
        return ResourceType.builder("OS::Heat::StructuredDeployment", "StructuredDeployment")
                .description("A resource which has same logic with OS::Heat::SoftwareDeployment.\n\n"
                        + "A deployment resource like OS::Heat::SoftwareDeployment, but which performs input value "
                        + "substitution on the config defined by a OS::Heat::StructuredConfig resource.")
                .support(SupportStatus.since("2014.1"))
                .property("config", sd.get("config"))
                .property("server", sd.get("server"))
                .property("input_values", sd.get("input_values"))
                .property("actions", sd.get("actions"))
                .property("signal_transport", sd.get("signal_transport"))
                .property("name", sd.get("name"))
                .properties(structuredDeploymentExtras())
                .property("timeout", sd.get("timeout"))
                .attributes(deploymentAttributes())
                .attributeMode(ResourceType.AttributeMode.DEPLOYMENT_OUTPUTS)
                .build();
    }

    private static ResourceType softwareDeploymentGroup(String name, String heatClass, SupportStatus status,
            boolean structured) {
        Map<String, PropertySchema> sd = deploymentProperties();
        ResourceType.Builder b = ResourceType.builder(name, heatClass)
                .updateCheck(ResourceType.UpdateCheck.ALWAYS) // a nested stack's owner: StackResource._needs_update
                .description(structured
                        ? "This resource associates a group of servers with some configuration.\n\n"
                                + "This resource works similar as OS::Heat::SoftwareDeploymentGroup, but for "
                                + "structured resources."
                        : "This resource associates a group of servers with some configuration.\n\n"
                                + "The configuration is to be deployed to all servers in the group.\n\n"
                                + "The properties work in a similar way to OS::Heat::SoftwareDeployment, and in "
                                + "addition to the attributes documented, you may pass any attribute supported by "
                                + "OS::Heat::SoftwareDeployment, including those exposing arbitrary outputs, and "
                                + "return a map of deployment names to the specified attribute.")
                .support(status)
                .property("servers", p(MAP, "A map of names and server IDs to apply configuration to. The name is "
                        + "arbitrary and is used as the Heat resource name for the corresponding deployment.")
                        .updateAllowed().required().build())
                .property("config", sd.get("config"))
                .property("input_values", sd.get("input_values"))
                .property("actions", sd.get("actions"))
                .property("name", sd.get("name"))
                .property("signal_transport", sd.get("signal_transport"));
        if (structured) {
            b.properties(structuredDeploymentExtras());
        }
        return b
                .attribute("deploy_stdouts", attr("A map of Nova names and captured stdouts from the configuration "
                        + "execution to each server.", "Map"))
                .attribute("deploy_stderrs", attr("A map of Nova names and captured stderrs from the configuration "
                        + "execution to each server.", "Map"))
                .attribute("deploy_status_codes", attr("A map of Nova names and returned status code from the "
                        + "configuration execution.", "Map"))
                .attributeMode(ResourceType.AttributeMode.GROUP_MEMBERS)
                .build();
    }

    // ================================================================== other configs

    private static ResourceType multipartMime() {
        return ResourceType.builder("OS::Heat::MultipartMime", "MultipartMime")
                .description("Assembles a collection of software configurations as a multi-part mime.\n\n"
                        + "Parts in the message can be populated with inline configuration or references to other "
                        + "config resources. If the referenced resource is itself a valid multi-part mime message, "
                        + "that will be broken into parts and those parts appended to this message.")
                .support(SupportStatus.since("2014.1"))
                .property("parts", p(LIST, "Parts belonging to this message.")
                        .defaultValue(JSON.arrayNode())
                        .items(p(MAP, null).keys(keys(
                                "config", p(STRING, "Content of part to attach, either inline or by referencing "
                                        + "the ID of another software config resource.").required(),
                                "filename", p(STRING, "Optional filename to associate with part."),
                                "type", p(STRING, "Whether the part content is text or multipart.")
                                        .defaultValue("text").constraint(allowed("text", "multipart")),
                                "subtype", p(STRING, "Optional subtype to specify with the type."))).build())
                        .build())
                .attribute("config", CONFIG_ATTR)
                .build();
    }

    private static ResourceType cloudConfig() {
        return ResourceType.builder("OS::Heat::CloudConfig", "CloudConfig")
                .description("A configuration resource for representing cloud-init cloud-config.\n\n"
                        + "This resource allows cloud-config YAML to be defined and stored by the config API. Any "
                        + "intrinsic functions called in the config will be resolved before storing the result.")
                .support(SupportStatus.since("2014.1"))
                .property("cloud_config", p(MAP, "Map representing the cloud-config data structure which will be "
                        + "formatted as YAML.").build())
                .attribute("config", CONFIG_ATTR)
                .build();
    }

    // ================================================================== wait conditions

    private static ResourceType waitCondition() {
        return ResourceType.builder("OS::Heat::WaitCondition", "HeatWaitCondition")
                .description("Resource for handling signals received by WaitConditionHandle.\n\n"
                        + "Resource takes WaitConditionHandle and starts to create. Resource is in "
                        + "CREATE_IN_PROGRESS status until WaitConditionHandle doesn't receive sufficient number of "
                        + "successful signals (this number can be specified with count property) and successfully "
                        + "creates after that, or fails due to timeout.")
                .support(SupportStatus.since("2014.2"))
                .property("handle", p(STRING, "A reference to the wait condition handle used to signal this wait "
                        + "condition.").required().build())
                .property("timeout", p(NUMBER, "The number of seconds to wait for the correct number of signals to "
                        + "arrive.").required().constraint(Constraint.range(1, 43200)).build())
                .property("count", p(INTEGER, "The number of success signals that must be received before the "
                        + "stack creation process continues.").constraint(Constraint.range(1, null))
                        .defaultValue(1).updateAllowed().build())
                .attribute("data", attr("JSON string containing data associated with wait condition signals sent "
                        + "to the handle.", "String"))
                .build();
    }

    private static ResourceType waitConditionHandle() {
        return ResourceType.builder("OS::Heat::WaitConditionHandle", "HeatWaitConditionHandle")
                .description("Resource for managing instance signals.\n\n"
                        + "The main points of this resource are:\n"
                        + "  - have no dependencies (so the instance can reference it).\n"
                        + "  - create credentials to allow for signalling from the instance.\n"
                        + "  - handle signals from the instance, validate and store result.")
                .support(SupportStatus.since("2014.2"))
                .property("signal_transport", p(STRING, "How the client will signal the wait condition. CFN_SIGNAL "
                        + "will allow an HTTP POST to a CFN keypair signed URL. TEMP_URL_SIGNAL will create a Swift "
                        + "TempURL to be signalled via HTTP PUT. HEAT_SIGNAL will allow calls to the Heat API "
                        + "resource-signal using the provided keystone credentials. ZAQAR_SIGNAL will create a "
                        + "dedicated zaqar queue to be signalled using the provided keystone credentials. "
                        + "TOKEN_SIGNAL will allow and HTTP POST to a Heat API endpoint with the provided keystone "
                        + "token. NO_SIGNAL will result in the resource going to a signalled state without waiting "
                        + "for any signal.")
                        .defaultValue("TOKEN_SIGNAL")
                        .constraint(allowed("CFN_SIGNAL", "TEMP_URL_SIGNAL", "HEAT_SIGNAL", "NO_SIGNAL",
                                "ZAQAR_SIGNAL", "TOKEN_SIGNAL"))
                        .support(SupportStatus.since("6.0.0")).build())
                .attribute("token", attr("Token for stack-user which can be used for signalling handle when "
                        + "signal_transport is set to TOKEN_SIGNAL. None for all other signal transports.", "String"))
                .attribute("endpoint", attr("Endpoint/url which can be used for signalling handle when "
                        + "signal_transport is set to TOKEN_SIGNAL. None for all other signal transports.", "String"))
                .attribute("curl_cli", attr("Convenience attribute, provides curl CLI command prefix, which can be "
                        + "used for signalling handle completion or failure when signal_transport is set to "
                        + "TOKEN_SIGNAL. You can signal success by adding --data-binary '{\"status\": \"SUCCESS\"}' "
                        + ", or signal failure by adding --data-binary '{\"status\": \"FAILURE\"}'. This attribute "
                        + "is set to None for all other signal transports.", "String"))
                .attribute("signal", attr("JSON serialized map that includes the endpoint, token and/or other "
                        + "attributes the client must use for signalling this handle. The contents of this map "
                        + "depend on the type of signal selected in the signal_transport property.", "String"))
                .build();
    }

    // ================================================================== utility resources

    private static ResourceType randomString() {
        return ResourceType.builder("OS::Heat::RandomString", "RandomString")
                .description("A resource which generates a random string.\n\n"
                        + "This is useful for configuring passwords and secrets on services. Random string can be "
                        + "generated from specified character sequences, which means that all characters will be "
                        + "randomly chosen from specified sequences, or with some classes, e.g. letterdigits, which "
                        + "means that all character will be randomly chosen from union of ascii letters and digits. "
                        + "Output string will be randomly generated string with specified length (or with length of "
                        + "32, if length property doesn't specified).")
                .support(SupportStatus.since("2014.1"))
                .property("length", p(INTEGER, "Length of the string to generate.").defaultValue(32)
                        .constraint(Constraint.range(1, 512)).build())
                .property("sequence", p(STRING, "Sequence of characters to build the random string from.")
                        .constraint(allowed(CHARACTER_CLASSES))
                        .support(SupportStatus.hidden("5.0.0", null,
                                SupportStatus.deprecated("2014.2", "Use property character_classes.", null)))
                        .build())
                .property("character_classes", p(LIST, "A list of character class and their constraints to "
                        + "generate the random string from.")
                        .items(p(MAP, null).keys(keys(
                                "class", p(STRING, "A character class and its corresponding min constraint to "
                                        + "generate the random string from.")
                                        .constraint(allowed(CHARACTER_CLASSES)).defaultValue("lettersdigits"),
                                "min", p(INTEGER, "The minimum number of characters from this character class "
                                        + "that will be in the generated string.").defaultValue(1)
                                        .constraint(Constraint.range(1, 512)))).build())
                        .defaultValue(JSON.arrayNode().add(JSON.objectNode().put("class", "lettersdigits")
                                .put("min", 1)))
                        .build())
                .property("character_sequences", p(LIST, "A list of character sequences and their constraints to "
                        + "generate the random string from.")
                        .items(p(MAP, null).keys(keys(
                                "sequence", p(STRING, "A character sequence and its corresponding min constraint "
                                        + "to generate the random string from.").required(),
                                "min", p(INTEGER, "The minimum number of characters from this sequence that will "
                                        + "be in the generated string.").defaultValue(1)
                                        .constraint(Constraint.range(1, 512)))).build())
                        .build())
                .property("salt", p(STRING, "Value which can be set or changed on stack update to trigger the "
                        + "resource for replacement with a new random string. The salt value itself is ignored by "
                        + "the random generator.").build())
                .attribute("value", attr("The random string generated by this resource. This value is also "
                        + "available by referencing the resource.", "String"))
                .check(HeatResourceTypes::checkRandomStringLength)
                .build();
    }

    /** {@code RandomString.validate}: the minimums of the classes and sequences fit in the length. */
    private static List<TemplateProblem> checkRandomStringLength(String name, JsonNode props, String path) {
        JsonNode lengthNode = props.get("length");
        Long length = lengthNode == null || lengthNode.isNull() ? Long.valueOf(32) : literalInt(lengthNode);
        if (length == null) {
            return List.of();
        }
        Long classes = sumOfMins(props.get("character_classes"), 1);
        Long sequences = sumOfMins(props.get("character_sequences"), 0);
        if (classes == null || sequences == null) {
            return List.of();
        }
        JsonNode sequence = props.get("sequence");
        if (sequence != null && !sequence.isNull()) {
            // Heat's translation rule adds {class: <sequence>, min: 1} to character_classes.
            JsonNode given = props.get("character_classes");
            classes = (given == null || given.isNull() ? 0 : classes) + 1;
        }
        if (classes + sequences > length) {
            return List.of(new TemplateProblem(path, "Length property cannot be smaller than combined character "
                    + "class and character sequence minimums"));
        }
        return List.of();
    }

    /** The sum of the {@code min} of each entry (default 1), the default when absent, null if unknown. */
    private static Long sumOfMins(JsonNode entries, long whenAbsent) {
        if (entries == null || entries.isNull()) {
            return whenAbsent;
        }
        if (!entries.isArray()) {
            return null;
        }
        long sum = 0;
        for (JsonNode entry : entries) {
            if (!entry.isObject() || IntrinsicFunctions.isFunction(entry)) {
                return null;
            }
            JsonNode min = entry.get("min");
            Long m = min == null || min.isNull() ? Long.valueOf(1) : literalInt(min);
            if (m == null) {
                return null;
            }
            sum += m;
        }
        return sum;
    }

    private static ResourceType value() {
        return ResourceType.builder("OS::Heat::Value", "Value")
                .description("A resource which exposes its value property as an attribute.\n\n"
                        + "This is useful for exposing a value that is a simple manipulation of other template "
                        + "parameters and/or other resources.")
                .support(SupportStatus.since("7.0.0"))
                .property("value", p(ANY, "The expression to generate the \"value\" attribute.").required()
                        .updateAllowed().build())
                .property("type", p(STRING, "The type of the \"value\" property.")
                        .constraint(allowed(HOT_PARAMETER_TYPES)).updateAllowed().build())
                .attribute("value", attr("The value generated by this resource's properties \"value\" "
                        + "expression, with type determined from the properties \"type\".", null))
                .check(HeatResourceTypes::checkValueType)
                .build();
    }

    /** {@code Value.reparse}: with a literal {@code type}, {@code value} must have that type. */
    private static List<TemplateProblem> checkValueType(String name, JsonNode props, String path) {
        JsonNode type = props.get("type");
        JsonNode value = props.get("value");
        if (type == null || !type.isTextual() || value == null || value.isNull()) {
            return List.of();
        }
        PropertyType as = switch (type.textValue()) {
            case "string" -> STRING;
            case "number" -> NUMBER;
            case "comma_delimited_list" -> LIST;
            case "json" -> MAP;
            case "boolean" -> BOOLEAN;
            default -> null;
        };
        if (as == null) {
            return List.of();
        }
        PropertySchema schema = p(as, "The expression to generate the \"value\" attribute.").required()
                .updateAllowed().build();
        return PropertyValidator.validateValue(schema, value, path + ".properties.value");
    }

    /**
     * {@code OS::Heat::Stack} ({@code remote_stack.py}). Heat creates it through the Heat API of the region
     * {@code context} names; Hearth has one region, so it is a nested stack of this one (the context is accepted
     * and not used).
     */
    private static ResourceType heatStack() {
        return ResourceType.builder("OS::Heat::Stack", "RemoteStack")
                .updateCheck(ResourceType.UpdateCheck.ALWAYS) // RemoteStack._needs_update
                .description("A Resource representing a stack.\n\n"
                        + "A resource that allowing for the creating stack, where should be defined stack template "
                        + "in HOT format, parameters (if template has any parameters with no default value), and "
                        + "timeout of creating. After creating current stack will have remote stack.")
                .support(SupportStatus.since("2014.2"))
                .property("context", p(MAP, "Context for this stack.").updateAllowed()
                        .keys(keys(
                                "region_name", p(STRING, "Region name in which this stack will be created."),
                                "credential_secret_id", p(STRING, "A Barbican secret ID. The Barbican secret "
                                        + "should contain an OpenStack credential that can be used to access a "
                                        + "remote cloud.").support(SupportStatus.since("13.0.0")),
                                "ca_cert", p(STRING, "CA Cert for SSL.").support(SupportStatus.since("12.0.0")),
                                "insecure", p(BOOLEAN, "If set, then the server's certificate will not be "
                                        + "verified.").defaultValue(false).support(SupportStatus.since("12.0.0"))))
                        .build())
                .property("template", p(STRING, "Template that specifies the stack to be created as a resource.")
                        .required().updateAllowed().build())
                .property("timeout", p(INTEGER, "Number of minutes to wait for this stack creation.")
                        .updateAllowed().build())
                .property("parameters", p(MAP, "Set of parameters passed to this stack.").defaultValue(JSON.objectNode())
                        .updateAllowed().build())
                .attribute("stack_name", AttributeSchema.of("Name of the stack.", "String"))
                .attribute("outputs", AttributeSchema.of("A dict of key-value pairs output from the stack.", "Map"))
                .build();
    }

    private static ResourceType none() {
        return ResourceType.builder("OS::Heat::None", "NoneResource")
                .updateCheck(ResourceType.UpdateCheck.NEVER) // NoneResource._needs_update
                .description("Enables easily disabling certain resources via the resource_registry.\n\n"
                        + "It does nothing, but can effectively stub out any other resource because it will accept "
                        + "any properties and return any attribute (as None). Note this resource always does "
                        + "nothing on update (e.g it is not replaced even if a change to the stubbed resource "
                        + "properties would cause replacement).")
                .support(SupportStatus.since("5.0.0"))
                .acceptsAnyProperties()
                .attributeMode(ResourceType.AttributeMode.ANY)
                .build();
    }

    private static ResourceType testResource() {
        return ResourceType.builder("OS::Heat::TestResource", "TestResource")
                // needs_replace_with_prop_diff: a new value replaces the resource when update_replace is set
                .replacesWhen((changed, after, before) -> changed.contains("value")
                        && after.path("update_replace").asBoolean())
                .description("A resource which stores the string value that was provided.\n\n"
                        + "This resource is to be used only for testing. It has control knobs such as "
                        + "'update_replace', 'fail', 'wait_secs'.")
                .support(SupportStatus.since("5.0.0"))
                .property("constraint_prop_secs", p(NUMBER, "Number value for delay during resolve constraint.")
                        .defaultValue(0).updateAllowed().constraint(Constraint.custom("test_constr"))
                        .support(SupportStatus.since("6.0.0")).build())
                .property("attr_wait_secs", p(NUMBER, "Number value for timeout during resolving output value.")
                        .defaultValue(0).updateAllowed().support(SupportStatus.since("6.0.0")).build())
                .property("value", p(STRING, "The input string to be stored.").defaultValue("test_string")
                        .updateAllowed().build())
                .property("update_replace_value", p(STRING, "Some value that can be stored but can not be updated.")
                        .support(SupportStatus.since("7.0.0")).build())
                .property("fail", p(BOOLEAN, "Value which can be set to fail the resource operation to test "
                        + "failure scenarios.").updateAllowed().defaultValue(false).build())
                .property("update_replace", p(BOOLEAN, "Value which can be set to trigger update replace for the "
                        + "particular resource.").updateAllowed().defaultValue(false).build())
                .property("wait_secs", p(NUMBER, "Seconds to wait after an action (-1 is infinite).")
                        .updateAllowed().defaultValue(0).build())
                .property("action_wait_secs", p(MAP, "Options for simulating waiting.").updateAllowed()
                        .keys(keys(
                                "create", p(NUMBER, "Seconds to wait after a create. Defaults to the global "
                                        + "wait_secs.").updateAllowed(),
                                "update", p(NUMBER, "Seconds to wait after an update. Defaults to the global "
                                        + "wait_secs.").updateAllowed(),
                                "delete", p(NUMBER, "Seconds to wait after a delete. Defaults to the global "
                                        + "wait_secs.").updateAllowed()))
                        .build())
                .property("client_name", p(STRING, "Client to poll.").defaultValue("").updateAllowed().build())
                .property("entity_name", p(STRING, "Client entity to poll.").defaultValue("").updateAllowed()
                        .build())
                .attribute("output", attr("The string that was stored. This value is also available by "
                        + "referencing the resource.", null))
                .build();
    }

    // ================================================================== groups and scaling

    private static ResourceType resourceGroup() {
        return ResourceType.builder("OS::Heat::ResourceGroup", "ResourceGroup")
                .updateCheck(ResourceType.UpdateCheck.ALWAYS) // a nested stack's owner: StackResource._needs_update
                .description("Creates one or more identically configured nested resources.\n\n"
                        + "In addition to the `refs` attribute, this resource implements synthetic attributes that "
                        + "mirror those of the resources in the group. When getting an attribute from this "
                        + "resource, however, a list of attribute values for each resource in the group is "
                        + "returned. To get attribute values for a single resource in the group, synthetic "
                        + "attributes of the form `resource.{resource index}.{attribute name}` can be used. The "
                        + "resource ID of a particular resource in the group can be obtained via the synthetic "
                        + "attribute `resource.{resource index}`.")
                .support(SupportStatus.since("2014.1"))
                .property("count", p(INTEGER, "The number of resources to create.").defaultValue(1)
                        .constraint(Constraint.range(0, null)).updateAllowed().build())
                .property("index_var", p(STRING, "A variable that this resource will use to replace with the "
                        + "current index of a given resource in the group. Can be used, for example, to customize "
                        + "the name property of grouped servers in order to differentiate them when listed with "
                        + "nova client.").defaultValue("%index%").constraint(Constraint.length(3, null))
                        .support(SupportStatus.since("2014.2")).build())
                .property("resource_def", p(MAP, "Resource definition for the resources in the group. The value of "
                        + "this property is the definition of a resource just as if it had been declared in the "
                        + "template itself.")
                        .keys(keys(
                                "type", p(STRING, "The type of the resources in the group.").required(),
                                "properties", p(MAP, "Property values for the resources in the group."),
                                "metadata", p(MAP, "Supplied metadata for the resources in the group.")
                                        .support(SupportStatus.since("5.0.0"))))
                        .required().updateAllowed().build())
                .property("removal_policies", p(LIST, "Policies for removal of resources on update.")
                        .items(p(MAP, "Policy to be processed when doing an update which requires removal of "
                                + "specific resources.").keys(keys(
                                        "resource_list", p(LIST, "List of resources to be removed when doing an "
                                                + "update which requires removal of specific resources. The resource "
                                                + "may be specified several ways: (1) The resource name, as in the "
                                                + "nested stack, (2) The resource reference returned from "
                                                + "get_resource in a template, as available via the 'refs' "
                                                + "attribute. Note this is destructive on update when specified; "
                                                + "even if the count is not being reduced, and once a resource name "
                                                + "is removed, its name is never reused in subsequent updates.")
                                                .defaultValue(JSON.arrayNode()))).build())
                        .updateAllowed().defaultValue(JSON.arrayNode())
                        .support(SupportStatus.since("2015.1")).build())
                .property("removal_policies_mode", p(STRING, "How to handle changes to removal_policies on update. "
                        + "The default \"append\" mode appends to the internal list, \"update\" replaces it on "
                        + "update.").defaultValue("append").constraint(allowed("append", "update"))
                        .updateAllowed().support(SupportStatus.since("10.0.0")).build())
                .attribute("refs", attr("A list of resource IDs for the resources in the group.", "List"))
                .attribute("refs_map", attr("A map of resource names to IDs for the resources in the group.", "Map",
                        SupportStatus.since("7.0.0")))
                .attribute("attributes", attr("A map of resource names to the specified attribute of each "
                        + "individual resource. Requires heat_template_version: 2014-10-16.", "Map",
                        SupportStatus.since("2014.2")))
                .attribute("removed_rsrc_list", attr("A list of removed resource names.", "List",
                        SupportStatus.since("7.0.0")))
                .attribute(MEMBERS, MEMBERS_ATTR)
                .attribute(MEMBERS_GENERATION, MEMBERS_GENERATION_ATTR)
                .attributeMode(ResourceType.AttributeMode.GROUP_MEMBERS)
                .build();
    }

    /**
     * {@code resource_chain.py}. Its {@code get_attribute} is overridden, so Heat accepts any attribute name:
     * {@code resource.N[.attr]} and any member attribute as the list over the members ({@code refs_map} too, which
     * the chain itself does not have).
     */
    private static ResourceType resourceChain() {
        return ResourceType.builder("OS::Heat::ResourceChain", "ResourceChain")
                .updateCheck(ResourceType.UpdateCheck.ALWAYS) // a nested stack's owner: StackResource._needs_update
                .description("Creates one or more resources with the same configuration.\n\n"
                        + "The types of resources to be created are passed into the chain through the "
                        + "``resources`` property. One resource will be created for each type listed. Each is "
                        + "passed the configuration specified under ``resource_properties``.\n\n"
                        + "The ``concurrent`` property controls if the resources will be created concurrently. If "
                        + "omitted or set to false, each resource will be treated as having a dependency on the "
                        + "resource before it in the list.")
                .support(SupportStatus.since("6.0.0"))
                .property("resources", p(LIST, "The list of resource types to create. This list may contain type "
                        + "names or aliases defined in the resource registry. Specific template names are not "
                        + "supported.").required().updateAllowed().build())
                .property("concurrent", p(BOOLEAN, "If true, the resources in the chain will be created "
                        + "concurrently. If false or omitted, each resource will be treated as having a dependency "
                        + "on the previous resource in the list.").defaultValue(false).build())
                .property("resource_properties", p(MAP, "Properties to pass to each resource being created in the "
                        + "chain.").build())
                .attribute("refs", attr("A list of resource IDs for the resources in the chain.", "List"))
                .attribute("attributes", attr("A map of resource names to the specified attribute of each "
                        + "individual resource.", "Map"))
                .attributeMode(ResourceType.AttributeMode.GROUP_MEMBERS)
                .build();
    }

    private static ResourceType autoScalingGroup() {
        ObjectNode rollingDefault = JSON.objectNode().put("min_in_service", 0).put("max_batch_size", 1)
                .put("pause_time", 0);
        return ResourceType.builder("OS::Heat::AutoScalingGroup", "AutoScalingResourceGroup")
                .updateCheck(ResourceType.UpdateCheck.ALWAYS) // a nested stack's owner: StackResource._needs_update
                .description("An autoscaling group that can scale arbitrary resources.\n\n"
                        + "An autoscaling group allows the creation of a desired count of similar resources, which "
                        + "are defined with the resource property in HOT format. If there is a need to create many "
                        + "of the same resources (e.g. one hundred sets of Server, WaitCondition and "
                        + "WaitConditionHandle or even Neutron Nets), AutoScalingGroup is a convenient and easy way "
                        + "to do that.")
                // Heat declares no version on the class (it inherits the AWS group's default status).
                .support(SupportStatus.SUPPORTED)
                .property("resource", p(MAP, "Resource definition for the resources in the group, in HOT format. "
                        + "The value of this property is the definition of a resource just as if it had been "
                        + "declared in the template itself.").required().updateAllowed().build())
                .property("max_size", p(INTEGER, "Maximum number of resources in the group.").required()
                        .updateAllowed().constraint(Constraint.range(0, null)).build())
                .property("min_size", p(INTEGER, "Minimum number of resources in the group.").required()
                        .updateAllowed().constraint(Constraint.range(0, null)).build())
                .property("cooldown", p(INTEGER, "Cooldown period, in seconds.").updateAllowed().build())
                .property("desired_capacity", p(INTEGER, "Desired initial number of resources.").updateAllowed()
                        .build())
                .property("rolling_updates", p(MAP, "Policy for rolling updates for this scaling group.")
                        .updateAllowed()
                        .keys(keys(
                                "min_in_service", p(INTEGER, "The minimum number of resources in service while "
                                        + "rolling updates are being executed.").constraint(Constraint.range(0, null))
                                        .defaultValue(0),
                                "max_batch_size", p(INTEGER, "The maximum number of resources to replace at once.")
                                        .constraint(Constraint.range(1, null)).defaultValue(1),
                                "pause_time", p(NUMBER, "The number of seconds to wait between batches of updates.")
                                        .constraint(Constraint.range(0, null)).defaultValue(0)))
                        .defaultValue(rollingDefault).build())
                .attribute("outputs", attr("A map of resource names to the specified attribute of each individual "
                        + "resource that is part of the AutoScalingGroup. This map specifies output parameters that "
                        + "are available once the AutoScalingGroup has been instantiated.", "Map",
                        SupportStatus.since("2014.2")))
                .attribute("outputs_list", attr("A list of the specified attribute of each individual resource that "
                        + "is part of the AutoScalingGroup. This list of attributes is available as an output once "
                        + "the AutoScalingGroup has been instantiated.", "List", SupportStatus.since("2014.2")))
                .attribute("current_size", attr("The current size of AutoscalingResourceGroup.", "Integer",
                        SupportStatus.since("2015.1")))
                .attribute("refs", attr("A list of resource IDs for the resources in the group.", "List",
                        SupportStatus.since("7.0.0")))
                .attribute("refs_map", attr("A map of resource names to IDs for the resources in the group.", "Map",
                        SupportStatus.since("7.0.0")))
                .attribute(MEMBERS, MEMBERS_ATTR)
                .attribute(MEMBERS_GENERATION, MEMBERS_GENERATION_ATTR)
                .attributeMode(ResourceType.AttributeMode.SCALING_GROUP)
                .check(HeatResourceTypes::checkGroupSize)
                .build();
    }

    /** The AutoScalingGroup's {@code validate()} size checks (heat/engine/resources/aws/autoscaling). */
    private static List<TemplateProblem> checkGroupSize(String name, JsonNode props, String path) {
        Long min = literalInt(props.get("min_size"));
        Long max = literalInt(props.get("max_size"));
        if (min == null || max == null) {
            return List.of();
        }
        if (max < min) {
            return List.of(new TemplateProblem(path, "MinSize can not be greater than MaxSize"));
        }
        if (min < 0) {
            return List.of(new TemplateProblem(path, "The size of AutoScalingGroup can not be less than zero"));
        }
        JsonNode desiredNode = props.get("desired_capacity");
        Long desired = literalInt(desiredNode);
        if (desired != null && (desired < min || desired > max)) {
            return List.of(new TemplateProblem(path, "DesiredCapacity must be between MinSize and MaxSize"));
        }
        return List.of();
    }

    private static ResourceType scalingPolicy() {
        return ResourceType.builder("OS::Heat::ScalingPolicy", "AutoScalingPolicy")
                .description("A resource to manage scaling of `OS::Heat::AutoScalingGroup`.\n\n"
                        + "Resource to manage scaling for `OS::Heat::AutoScalingGroup`, i.e. define which metric "
                        + "should be scaled and scaling adjustment, set cooldown etc.")
                .support(SupportStatus.SUPPORTED)
                .property("auto_scaling_group_id", p(STRING, "AutoScaling group ID to apply policy to.").required()
                        .build())
                .property("scaling_adjustment", p(NUMBER, "Size of adjustment.").required().updateAllowed().build())
                .property("adjustment_type", p(STRING, "Type of adjustment (absolute or percentage).").required()
                        .constraint(allowed("change_in_capacity", "exact_capacity", "percent_change_in_capacity"))
                        .updateAllowed().build())
                .property("cooldown", p(NUMBER, "Cooldown period, in seconds.").updateAllowed().build())
                .property("min_adjustment_step", p(INTEGER, "Minimum number of resources that are added or removed "
                        + "when the AutoScaling group scales up or down. This can be used only when specifying "
                        + "percent_change_in_capacity for the adjustment_type property.")
                        .constraint(Constraint.range(0, null)).updateAllowed().build())
                .attribute("alarm_url", attr("A signed url to handle the alarm.", "String"))
                .attribute("signal_url", attr("A url to handle the alarm using native API.", "String",
                        SupportStatus.since("5.0.0")))
                .check(HeatResourceTypes::checkAdjustmentStep)
                .build();
    }

    /** {@code AutoScalingPolicy._validate_min_adjustment_step}. */
    private static List<TemplateProblem> checkAdjustmentStep(String name, JsonNode props, String path) {
        JsonNode step = props.get("min_adjustment_step");
        JsonNode type = props.get("adjustment_type");
        if (step == null || step.isNull() || type == null || IntrinsicFunctions.isFunction(type)) {
            return List.of();
        }
        if (!"percent_change_in_capacity".equals(Py.str(type))) {
            return List.of(new TemplateProblem(path, "min_adjustment_step property should only be specified for "
                    + "adjustment_type with value percent_change_in_capacity."));
        }
        return List.of();
    }

    // ================================================================== servers

    private static final String SOFTWARE_CONFIG_TRANSPORT_DESCRIPTION = "How the server should receive the "
            + "metadata required for software configuration. POLL_SERVER_CFN will allow calls to the cfn API action "
            + "DescribeStackResource authenticated with the provided keypair. POLL_SERVER_HEAT will allow calls to "
            + "the Heat API resource-show using the provided keystone credentials. POLL_TEMP_URL will create and "
            + "populate a Swift TempURL with metadata for polling. ZAQAR_MESSAGE will create a dedicated zaqar "
            + "queue and post the metadata for polling.";

    private static final String METADATA_DESCRIPTION = "Arbitrary key/value metadata to store for this server. "
            + "Both keys and values must be 255 characters or less. Non-string values will be serialized to JSON "
            + "(and the serialized string must be 255 characters or less).";

    private static PropertySchema softwareConfigTransport() {
        // Heat: cfg.CONF.default_software_config_transport (POLL_SERVER_CFN as shipped). Hearth's agents
        // poll the signal gateway for their metadata, which is what POLL_SERVER_HEAT stands for.
        return p(STRING, SOFTWARE_CONFIG_TRANSPORT_DESCRIPTION).defaultValue("POLL_SERVER_HEAT").updateAllowed()
                .constraint(allowed(SOFTWARE_CONFIG_TRANSPORTS)).build();
    }

    private static PropertySchema deploymentSwiftData() {
        return p(MAP, "Swift container and object to use for storing deployment data for the server resource. "
                + "The parameter is a map value with the keys \"container\" and \"object\", and the values are the "
                + "corresponding container and object names. The software_config_transport parameter must be set "
                + "to POLL_TEMP_URL for swift to be used. If not specified, and software_config_transport is set to "
                + "POLL_TEMP_URL, a container will be automatically created from the resource name, and the object "
                + "name will be a generated uuid.")
                .support(SupportStatus.since("9.0.0")).defaultValue(JSON.objectNode()).updateAllowed()
                .keys(keys(
                        "container", p(STRING, "Name of the container.").constraint(Constraint.length(1, null)),
                        "object", p(STRING, "Name of the object.").constraint(Constraint.length(1, null))))
                .build();
    }

    private static final AttributeSchema OS_COLLECT_CONFIG = attr("The os-collect-config configuration for the "
            + "server's local agent to be configured to connect to Heat to retrieve deployment data.", "Map",
            SupportStatus.since("9.0.0"));

    private static ResourceType deployedServer() {
        return ResourceType.builder("OS::Heat::DeployedServer", "DeployedServer")
                .description("A resource for managing servers that are already deployed.\n\n"
                        + "A DeployedServer resource manages resources for servers that have been deployed "
                        + "externally from OpenStack. These servers can be associated with SoftwareDeployments for "
                        + "further orchestration via Heat.")
                .support(SupportStatus.SUPPORTED)
                // Heat: update_allowed; Hearth's compute drivers cannot rename a server (see the class comment).
                .property("name", p(STRING, "Server name.").build())
                .property("metadata", p(MAP, METADATA_DESCRIPTION).updateAllowed()
                        .support(SupportStatus.deprecated("9.0.0", "This property will be ignored",
                                SupportStatus.since("8.0.0"))).build())
                .property("software_config_transport", softwareConfigTransport())
                .property("deployment_swift_data", deploymentSwiftData())
                .attribute("name", attr("Name of the server.", "String"))
                .attribute("os_collect_config", OS_COLLECT_CONFIG)
                .build();
    }

    private static ResourceType novaServer() {
        PropertySchema bdmVolumeId = p(STRING, "The ID of the volume to boot from. Only one of volume_id or "
                + "snapshot_id should be provided.").constraint(Constraint.custom("cinder.volume")).build();
        PropertySchema bdmSnapshotId = p(STRING, "The ID of the snapshot to create a volume from.")
                .constraint(Constraint.custom("cinder.snapshot")).build();
        PropertySchema deleteOnTermination = p(BOOLEAN, "Indicate whether the volume should be deleted when the "
                + "server is terminated.").build();
        return ResourceType.builder("OS::Nova::Server", "Server")
                .description("A resource for managing Nova instances.\n\n"
                        + "A Server resource manages the running virtual machine instance within an OpenStack "
                        + "cloud. In Hearth the instance is created by a compute driver (local, external or "
                        + "kubernetes); the properties Hearth does not use are accepted and ignored.")
                .support(SupportStatus.SUPPORTED)
                // Heat: name, image, flavor, networks, user_data and tags are update_allowed; Hearth's compute
                // drivers cannot rename, rebuild, resize or re-plug a server, so a change replaces it.
                .property("name", p(STRING, "Server name.").build())
                .property("image", p(STRING, "The ID or name of the image to boot with.")
                        .constraint(Constraint.custom("glance.image")).build())
                .property("block_device_mapping", p(LIST, "Block device mappings for this server.")
                        .items(p(MAP, null).keys(keys(
                                "device_name", p(STRING, "A device name where the volume will be attached in the "
                                        + "system at /dev/device_name. This value is typically vda.").required(),
                                "volume_id", bdmVolumeId,
                                "snapshot_id", bdmSnapshotId,
                                "volume_size", p(INTEGER, "The size of the volume, in GB. It is safe to leave this "
                                        + "blank and have the Compute service infer the size."),
                                "delete_on_termination", deleteOnTermination)).build())
                        .build())
                .property("block_device_mapping_v2", p(LIST, "Block device mappings v2 for this server.")
                        .items(p(MAP, null).keys(keys(
                                "device_name", p(STRING, "A device name where the volume will be attached in the "
                                        + "system at /dev/device_name. This value is typically vda."),
                                "volume_id", p(STRING, "The volume_id can be boot or non-boot device to the server.")
                                        .constraint(Constraint.custom("cinder.volume")),
                                "image_id", p(STRING, "The ID of the image to create a volume from.")
                                        .support(SupportStatus.hidden("9.0.0", "Use property image.",
                                                SupportStatus.deprecated("7.0.0", null, SupportStatus.since("5.0.0"))))
                                        .constraint(Constraint.custom("glance.image")),
                                "image", p(STRING, "The ID or name of the image to create a volume from.")
                                        .support(SupportStatus.since("7.0.0"))
                                        .constraint(Constraint.custom("glance.image")),
                                "snapshot_id", bdmSnapshotId,
                                "swap_size", p(INTEGER, "The size of the swap, in MB."),
                                "ephemeral_size", p(INTEGER, "The size of the local ephemeral block device, in GB.")
                                        .support(SupportStatus.since("8.0.0")).constraint(Constraint.range(1, null)),
                                "ephemeral_format", p(STRING, "The format of the local ephemeral block device. If no "
                                        + "format is specified, uses default value, defined in nova configuration "
                                        + "file.").constraint(allowed("ext2", "ext3", "ext4", "xfs", "ntfs"))
                                        .support(SupportStatus.since("8.0.0")),
                                "device_type", p(STRING, "Device type: at the moment we can make distinction only "
                                        + "between disk and cdrom.").constraint(allowed("cdrom", "disk")),
                                "disk_bus", p(STRING, "Bus of the device: hypervisor driver chooses a suitable default "
                                        + "if omitted.").constraint(allowed("ide", "lame_bus", "scsi", "usb", "virtio")),
                                "boot_index", p(INTEGER, "Integer used for ordering the boot disks. If it is not "
                                        + "specified, value \"0\" will be set for bootable sources (volume, snapshot, "
                                        + "image); value \"-1\" will be set for non-bootable sources."),
                                "volume_size", p(INTEGER, "Size of the block device in GB. If it is omitted, "
                                        + "hypervisor driver calculates size."),
                                "delete_on_termination", deleteOnTermination)).build())
                        .support(SupportStatus.since("2015.1")).build())
                .property("flavor", p(STRING, "The ID or name of the flavor to boot onto.").required()
                        .constraint(Constraint.custom("nova.flavor")).build())
                .property("flavor_update_policy", p(STRING, "Policy on how to apply a flavor update; either by "
                        + "requesting a server resize or by replacing the entire server.").defaultValue("RESIZE")
                        .constraint(allowed("RESIZE", "REPLACE")).updateAllowed().build())
                .property("image_update_policy", p(STRING, "Policy on how to apply an image-id update; either by "
                        + "requesting a server rebuild or by replacing the entire server.").defaultValue("REBUILD")
                        .constraint(allowed("REBUILD", "REPLACE", "REBUILD_PRESERVE_EPHEMERAL")).updateAllowed()
                        .build())
                .property("key_name", p(STRING, "Name of keypair to inject into the server.")
                        .constraint(Constraint.custom("nova.keypair")).build())
                .property("admin_user", p(STRING, "Name of the administrative user to use on the server.")
                        .support(SupportStatus.hidden("5.0.0", "The default cloud-init user set up for each image "
                                + "(e.g. \"ubuntu\" for Ubuntu 12.04+, \"fedora\" for Fedora 19+ and \"cloud-user\" "
                                + "for CentOS/RHEL 6.5).",
                                SupportStatus.deprecated("2014.1", null, SupportStatus.since("2013.2")))).build())
                .property("availability_zone", p(STRING, "Name of the availability zone for server placement.")
                        .build())
                .property("security_groups", p(LIST, "List of security group names or IDs. Cannot be used if "
                        + "neutron ports are associated with this server; assign security groups to the ports "
                        + "instead.").defaultValue(JSON.arrayNode()).build())
                .property("networks", p(LIST, "An ordered list of nics to be added to this server, with information "
                        + "about connected networks, fixed ips, port etc.")
                        .items(p(MAP, null).keys(keys(
                                "uuid", p(STRING, "ID of network to create a port on.")
                                        .support(SupportStatus.hidden("5.0.0", null,
                                                SupportStatus.deprecated("2014.1", "Use property network.", null)))
                                        .constraint(Constraint.custom("neutron.network")),
                                "network", p(STRING, "Name or ID of network to create a port on.")
                                        .constraint(Constraint.custom("neutron.network")),
                                "allocate_network", p(STRING, "The special string values of network, auto: means "
                                        + "either a network that is already available to the project will be used, or "
                                        + "if one does not exist, will be automatically created for the project; "
                                        + "none: means no networking will be allocated for the created server. "
                                        + "Supported by Nova API since version \"2.37\". This property can not be used "
                                        + "with other network keys.").support(SupportStatus.since("9.0.0"))
                                        .constraint(allowed("none", "auto")).updateAllowed(),
                                "fixed_ip", p(STRING, "Fixed IP address to specify for the port created on the "
                                        + "requested network.").constraint(Constraint.custom("ip_addr")),
                                "port", p(STRING, "ID of an existing port to associate with this server.")
                                        .constraint(Constraint.custom("neutron.port")),
                                // Heat nests Neutron Port's extra_properties_schema here; Hearth keeps a map.
                                "port_extra_properties", p(MAP, "Dict, which has expand properties for port. Used "
                                        + "only if port property is not specified for creating port.")
                                        .support(SupportStatus.since("6.0.0")),
                                "subnet", p(STRING, "Subnet in which to allocate the IP address for port. Used for "
                                        + "creating port, based on derived properties. If subnet is specified, "
                                        + "network property becomes optional.").support(SupportStatus.since("5.0.0")),
                                "floating_ip", p(STRING, "ID of the floating IP to associate.")
                                        .support(SupportStatus.since("6.0.0")),
                                "tag", p(STRING, "Port tag. Heat ignores any update on this property as nova does "
                                        + "not support it.").support(SupportStatus.since("9.0.0")))).build())
                        .build())
                .property("scheduler_hints", p(MAP, "Arbitrary key-value pairs specified by the client to help "
                        + "boot a server.").build())
                .property("metadata", p(MAP, METADATA_DESCRIPTION).updateAllowed().defaultValue(JSON.objectNode())
                        .build())
                .property("user_data_format", p(STRING, "How the user_data should be formatted for the server. For "
                        + "HEAT_CFNTOOLS, the user_data is bundled as part of the heat-cfntools cloud-init boot "
                        + "configuration data. For RAW the user_data is passed to Nova unmodified. For "
                        + "SOFTWARE_CONFIG user_data is bundled as part of the software config data, and metadata "
                        + "is derived from any associated SoftwareDeployment resources.")
                        // Heat: cfg.CONF.default_user_data_format, HEAT_CFNTOOLS as shipped.
                        .defaultValue("HEAT_CFNTOOLS")
                        .constraint(allowed("HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG")).build())
                .property("software_config_transport", softwareConfigTransport())
                .property("user_data_update_policy", p(STRING, "Policy on how to apply a user_data update; either "
                        + "by ignoring it or by replacing the entire server.").defaultValue("REPLACE")
                        .constraint(allowed("REPLACE", "IGNORE")).support(SupportStatus.since("6.0.0"))
                        .updateAllowed().build())
                .property("user_data", p(STRING, "User data script to be executed by cloud-init. Changes cause "
                        + "replacement of the resource by default, but can be ignored altogether by setting the "
                        + "`user_data_update_policy` property.").defaultValue("").build())
                .property("reservation_id", p(STRING, "A UUID for the set of servers being requested.").build())
                .property("config_drive", p(BOOLEAN, "If True, enable config drive on the server.").build())
                .property("diskConfig", p(STRING, "Control how the disk is partitioned when the server is created.")
                        .constraint(allowed("AUTO", "MANUAL")).build())
                .property("personality", p(MAP, "A map of files to create/overwrite on the server upon boot. Keys "
                        + "are file names and values are the file contents.")
                        .support(SupportStatus.deprecated("12.0.0", "This is not supported with nova api "
                                + "microversion 2.57 and above. OS::Nova::Server resource will not support it in the "
                                + "future. Please use user_data or metadata instead. However, you can set heat config "
                                + "option max_nova_api_microversion < 2.57 to use this property in the meantime.",
                                null))
                        .defaultValue(JSON.objectNode()).build())
                .property("admin_pass", p(STRING, "The administrator password for the server.").updateAllowed()
                        .build())
                .property("tags", p(LIST, "Server tags. Supported since client version 2.26.")
                        .support(SupportStatus.since("8.0.0")).items(p(STRING, null).build()).build())
                .property("deployment_swift_data", deploymentSwiftData())
                .attribute("name", attr("Name of the server.", "String"))
                .attribute("addresses", attr("A dict of all network addresses with corresponding port_id and "
                        + "subnets. Each network will have two keys in dict, they are network name and network id. "
                        + "The port ID may be obtained through the following expression: ``{get_attr: [<server>, "
                        + "addresses, <network name_or_id>, 0, port]}``. The subnets may be obtained trough the "
                        + "following expression: ``{get_attr: [<server>, addresses, <network name_or_id>, 0, "
                        + "subnets]}``. The network may be obtained through the following expression: ``{get_attr: "
                        + "[<server>, addresses, <network name_or_id>, 0, network]}``.", "Map",
                        new SupportStatus(SupportStatus.Status.SUPPORTED, "The attribute was extended to include "
                                + "subnets and network with version 11.0.0.", "11.0.0", SupportStatus.SUPPORTED)))
                .attribute("networks", attr("A dict of assigned network addresses of the form: {\"public\": [ip1, "
                        + "ip2...], \"private\": [ip3, ip4], \"public_uuid\": [ip1, ip2...], \"private_uuid\": [ip3, "
                        + "ip4]}. Each network will have two keys in dict, they are network name and network id.",
                        "Map"))
                .attribute("first_address", attr("Convenience attribute to fetch the first assigned network "
                        + "address, or an empty string if nothing has been assigned at this time. Result may not be "
                        + "predictable if the server has addresses from more than one network.", null,
                        SupportStatus.hidden("5.0.0", "Use the networks attribute instead of first_address. For "
                                + "example: \"{get_attr: [<server name>, networks, <network name>, 0]}\"",
                                SupportStatus.deprecated("2014.2", null, SupportStatus.since("2013.2")))))
                .attribute("instance_name", attr("AWS compatible instance name.", "String"))
                .attribute("accessIPv4", attr("The manually assigned alternative public IPv4 address of the "
                        + "server.", "String"))
                .attribute("accessIPv6", attr("The manually assigned alternative public IPv6 address of the "
                        + "server.", "String"))
                .attribute("console_urls", attr("URLs of server's consoles. To get a specific console type, the "
                        + "requested type can be specified as parameter to the get_attr function, e.g. get_attr: [ "
                        + "<server>, console_urls, novnc ]. Currently supported types are novnc, xvpvnc, "
                        + "spice-html5, rdp-html5, serial and webmks.", "Map", SupportStatus.since("2015.1")))
                .attribute("tags", attr("Tags from the server. Supported since client version 2.26.", "List",
                        SupportStatus.since("8.0.0")))
                .attribute("os_collect_config", OS_COLLECT_CONFIG)
                .build();
    }
}
