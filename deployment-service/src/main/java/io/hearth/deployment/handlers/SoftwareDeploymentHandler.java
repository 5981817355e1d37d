package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.databag.DataBags;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.software.DeploymentChange;
import io.hearth.deployment.software.DocumentTooLarge;
import io.hearth.deployment.software.NewDeployment;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.software.SoftwareDeployments;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceException;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.hearth.deployment.spi.UpdateKind;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigInteger;
import java.time.Instant;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * {@code OS::Heat::SoftwareDeployment} and {@code OS::Heat::StructuredDeployment}
 * ({@code software_deployment.py}, {@code structured_config.py}). An action the {@code actions} property
 * names (for a {@code component} config: one its configs name) runs the config on the server: create makes
 * a deployment (its id is the physical id) and waits until its hook signals, delete runs the DELETE action
 * the same way and then removes the deployment. Other actions complete at once. A deployment's terminal
 * status reaches its resource through {@link #settled}; the attributes are {@code deploy_stdout},
 * {@code deploy_stderr}, {@code deploy_status_code} and every output the config declares. A change of
 * an {@code update_allowed} property of the catalogue ({@code config}, {@code input_values},
 * {@code actions}, {@code name}, {@code timeout}) is an update in place (the default {@link #updateKind});
 * any other replaces the deployment.
 *
 * <p>Hearth's extension {@code timeout} (seconds, at least 1; absent: only the stack's timeout applies):
 * a waiting action wakes {@code timeout} seconds after it started (the engine's durable timer, through
 * {@code resource_runtime.wake_at}); a deployment still IN_PROGRESS then fails with
 * {@code Deployment timed out after N s}, and its resource fails as for any failed deployment.
 */
@ApplicationScoped
public class SoftwareDeploymentHandler implements ResourceHandler {

    public static final String SOFTWARE_DEPLOYMENT = "OS::Heat::SoftwareDeployment";
    public static final String STRUCTURED_DEPLOYMENT = "OS::Heat::StructuredDeployment";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Hearth's per-deployment timeout property, in seconds. */
    public static final String TIMEOUT = "timeout";

    /** Longer timeouts wait as long as this (a century): past it, the stack's own timeout has long come. */
    private static final long LONGEST_TIMEOUT_SECS = 100L * 366 * 24 * 3600;
    private static final String[] STATUS_ATTRIBUTES = {"deploy_stdout", "deploy_stderr", "deploy_status_code"};

    /** The output through which a hook publishes facts to the stack tree's data bag. */
    public static final String FACTS = "facts";
    private static final Logger LOG = Logger.getLogger(SoftwareDeploymentHandler.class);

    private final SoftwareDeployments deployments;
    private final SoftwareConfigStore configs;
    private final DataBags bags;
    private final SoftwareDeploymentRepository deploymentRows;

    public SoftwareDeploymentHandler(SoftwareDeployments deployments, SoftwareConfigStore configs, DataBags bags,
            SoftwareDeploymentRepository deploymentRows) {
        this.deploymentRows = deploymentRows;
        this.deployments = deployments;
        this.configs = configs;
        this.bags = bags;
    }

    @Override
    public Set<String> types() {
        return Set.of(SOFTWARE_DEPLOYMENT, STRUCTURED_DEPLOYMENT);
    }

    /**
     * Heat's defaults: no input values, actions CREATE and UPDATE, CFN_SIGNAL, StructuredDeployment's get_input;
     * a {@code timeout} as an integer.
     *
     * @throws ResourceException when {@code timeout} is not an integer of at least 1
     */
    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode p = properties == null || !properties.isObject() ? JSON.objectNode() : properties.deepCopy();
        if (!p.hasNonNull("input_values")) {
            p.set("input_values", JSON.objectNode());
        }
        if (!p.hasNonNull("actions")) {
            p.set("actions", JSON.arrayNode().add(Action.CREATE.name()).add(Action.UPDATE.name()));
        }
        if (!p.hasNonNull("signal_transport")) {
            p.put("signal_transport", SoftwareDeployments.CFN_SIGNAL);
        }
        if (p.hasNonNull(TIMEOUT)) {
            p.set(TIMEOUT, Py.integer(timeoutSecs(p.get(TIMEOUT))));
        }
        return p;
    }

    /** Heat's Integer property with {@code range(min=1)}, with Heat's messages. */
    private static BigInteger timeoutSecs(JsonNode value) {
        BigInteger secs;
        try {
            secs = Py.toInt(value);
        } catch (PyError e) {
            throw new ResourceException("StackValidationFailed", "Property error: " + TIMEOUT + ": "
                    + (e.isTypeError() ? e.getMessage() : "Value '" + Py.str(value) + "' is not an integer"));
        }
        if (secs.signum() < 1) {
            throw new ResourceException("StackValidationFailed", "Property error: " + TIMEOUT + ": " + secs
                    + " is out of range (min: 1, max: None)");
        }
        return secs;
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return config(call).chain(config -> {
            if (config == null && call.property("config") != null) {
                return Uni.createFrom().item(Outcome.failed(call.name(), "NotFound",
                        "Software config with id " + text(call.property("config")) + " not found"));
            }
            if (config == null || !runs(call, config, Action.CREATE.name())) {
                return Uni.createFrom().item(Outcome.complete(null, ResourceHandler.attributes()));
            }
            return deploy(call, config, Action.CREATE.name());
        });
    }

    /** Makes the resource's deployment, running {@code action}. */
    private Uni<Outcome> deploy(ResourceCall call, SoftwareConfig config, String action) {
        StackRuntime stack = call.stack();
        String server = text(call.property("server"));
        int serverLength = server == null ? 0 : server.codePointCount(0, server.length());
        if (serverLength > SoftwareDeployment.MAX_SERVER_ID) {
            throw new ResourceException("StackValidationFailed", "Property error: server: must be at most "
                    + SoftwareDeployment.MAX_SERVER_ID + " characters, not " + serverLength);
        }
        NewDeployment spec = new NewDeployment(stack.tenant, stack.id.toString(), stack.name, call.name(),
                server, config.id.toString(), call.property("input_values"), action,
                text(call.property("signal_transport")), inputKey(call), null, null, null);
        return failsResource(deployments.create(spec, config)).chain(d -> {
            call.row().physicalId = d.id.toString(); // Heat's resource_id_set: the signal finds it by it
            return settled(call, d);
        });
    }

    /**
     * Heat's {@code handle_update}: when UPDATE is one of the actions, the deployment runs again with the new
     * config and input values (its next generation; made now if create made none) and the update waits for it.
     */
    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return config(call).chain(config -> {
            String action = config == null ? null : updateAction(call, config);
            if (action == null) {
                return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, call.row().referenceId,
                        call.attributes()));
            }
            return deployment(call).chain(d -> {
                if (d == null) {
                    return deploy(call, config, action);
                }
                return failsResource(deployments.update(d.tenant, d.id.toString(),
                        new DeploymentChange(config.id.toString(), call.property("input_values"), null,
                                action, null, null))).chain(updated -> settled(call, updated));
            });
        });
    }

    /**
     * Heat's {@code replace_on_change}: when the (new) config declares an input so and that input's value changes,
     * the deployment is replaced (a new deployment runs CREATE) rather than updated in place.
     */
    @Override
    public Uni<UpdateKind> updateKindOf(ResourceCall call) {
        UpdateKind kind = updateKind(call);
        if (kind != UpdateKind.IN_PLACE) {
            return Uni.createFrom().item(kind);
        }
        return config(call).map(config -> config != null && replacesOnChange(config, call) ? UpdateKind.REPLACE
                : kind);
    }

    private static boolean replacesOnChange(SoftwareConfig config, ResourceCall call) {
        JsonNode before = call.previous() == null ? null : call.previous().path("input_values");
        JsonNode after = call.properties().path("input_values");
        for (JsonNode input : HearthJson.readTree(config.inputs == null ? "[]" : config.inputs)) {
            String name = input.path("name").asText();
            if (input.path("replace_on_change").asBoolean(false)
                    && !Objects.equals(before == null ? null : before.get(name), after.get(name))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The {@code deploy_action} an update in place runs: for a contextualization ({@code contextDepth} above 0),
     * Hearth's CONTEXTUALIZE when the actions hold it; else UPDATE when they hold it (as Heat would); null when
     * neither: the update changes the resource's properties and runs nothing.
     */
    private static String updateAction(ResourceCall call, SoftwareConfig config) {
        if (call.row().contextDepth > 0 && runs(call, config, SoftwareDeployments.CONTEXTUALIZE)) {
            return SoftwareDeployments.CONTEXTUALIZE;
        }
        return runs(call, config, Action.UPDATE.name()) ? Action.UPDATE.name() : null;
    }

    @Override
    public boolean contextualizes() {
        return true;
    }

    /**
     * Goes on waiting while the deployment is in progress; else ends as the deployment did. Once the
     * resource's {@code timeout} has passed, a deployment still in progress fails first
     * ({@link SoftwareDeployments#timedOut}): {@code Deployment timed out after N s}.
     */
    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        Instant deadline = deadline(call);
        UUID id = SoftwareConfigStore.uuid(call.row().physicalId);
        Uni<SoftwareDeployment> current = id != null && deadline != null && !Instant.now().isBefore(deadline)
                // Locked before this transaction reads it, so a signal applied meanwhile is what it sees.
                ? deployments.timedOut(id, timedOutReason(call))
                : deployment(call);
        return current.chain(d -> {
            if (d == null) {
                return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, null,
                        ResourceHandler.attributes()));
            }
            return settled(call, d);
        });
    }

    /** When the waiting action times out: {@code timeout} seconds after it started; null without a timeout. */
    static Instant deadline(ResourceCall call) {
        JsonNode timeout = call.property(TIMEOUT);
        if (timeout == null || !timeout.isIntegralNumber() || call.startedAt() == null) {
            return null;
        }
        BigInteger secs = timeout.bigIntegerValue().min(BigInteger.valueOf(LONGEST_TIMEOUT_SECS));
        return call.startedAt().plusSeconds(secs.longValue());
    }

    /** The status reason of a deployment that timed out: {@code Deployment timed out after N s}. */
    static String timedOutReason(ResourceCall call) {
        return "Deployment timed out after " + call.property(TIMEOUT).asText() + " s";
    }

    /** Heat's {@code handle_suspend}: runs SUSPEND when it is one of the actions ({@link #runAction}). */
    @Override
    public Uni<Outcome> handleSuspend(ResourceCall call) {
        return runAction(call, Action.SUSPEND.name());
    }

    /** Heat's {@code handle_resume}: runs RESUME when it is one of the actions. */
    @Override
    public Uni<Outcome> handleResume(ResourceCall call) {
        return runAction(call, Action.RESUME.name());
    }

    /**
     * Heat's {@code _handle_action} for an action that keeps the properties: when the actions (a component's
     * configs' actions) hold it, the deployment runs it with its next generation (made now if no earlier action
     * made it) and the resource waits for it; else the resource completes as it is.
     */
    private Uni<Outcome> runAction(ResourceCall call, String action) {
        return config(call).chain(config -> {
            if (config == null || !runs(call, config, action)) {
                return Uni.createFrom().item(ResourceHandler.unchanged(call));
            }
            return deployment(call).chain(d -> d == null ? deploy(call, config, action) : rerun(call, d, action));
        });
    }

    /** The deployment runs {@code action} again, with its config and inputs as they are; the resource waits for it. */
    private Uni<Outcome> rerun(ResourceCall call, SoftwareDeployment d, String action) {
        return failsResource(deployments.update(d.tenant, d.id.toString(),
                new DeploymentChange(null, null, null, action, null, null))).chain(updated -> settled(call, updated));
    }

    /**
     * Heat's {@code handle_delete}: runs DELETE when it is one of the actions (making the deployment if no
     * earlier action did) and removes the deployment once it signalled; a deployment already gone is done.
     */
    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        if (call.row().physicalId == null) {
            return config(call).chain(config -> config == null || !runs(call, config, Action.DELETE.name())
                    ? Uni.createFrom().item(new Outcome.Complete(null, null, ResourceHandler.attributes()))
                    : deploy(call, config, Action.DELETE.name()));
        }
        return deployment(call).chain(d -> {
            if (d == null) {
                return Uni.createFrom().item(new Outcome.Complete(call.row().physicalId, null,
                        ResourceHandler.attributes()));
            }
            return configs.used(d.configId).chain(config -> {
                if (config == null || !runs(call, config, Action.DELETE.name())) {
                    return removed(call, d);
                }
                return rerun(call, d, Action.DELETE.name());
            });
        });
    }

    /**
     * A hook's result or the API's change of the resource's deployment: applied to the deployment (a hook's
     * first terminal signal decides its status, see {@link SoftwareDeployments#signal}); when that settles the
     * action the resource waits for, the outcome is what the action ends with (see {@link #settled}).
     */
    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        Uni<SoftwareDeployment> changed;
        if (signal instanceof Signal.HookResult hook) {
            changed = deployments.signal(hook.event());
        } else if (signal instanceof Signal.DeploymentUpdate update) {
            changed = deployments.update(update.tenant(), update.deploymentId(), update.change());
        } else {
            return ResourceHandler.super.signal(call, signal);
        }
        return changed.chain(d -> published(call, d, signal).chain(facts -> {
            if (d == null || !waitsFor(call, d)) {
                return facts == null ? Uni.createFrom().<Outcome>nullItem()
                        : bags.publish(call.stack(), facts, call.row().contextDepth, call.name())
                                .replaceWith((Outcome) null);
            }
            // the resource's action ends with this run: the engine sets its facts unless the resource runs again
            return settled(call, d).map(outcome -> facts != null && outcome instanceof Outcome.Complete done
                    ? done.withFacts(facts) : outcome);
        }));
    }

    /**
     * The facts a run that completed the deployment published for the stack tree's data bag
     * (docs/contextualization.md): the output {@code facts} (a JSON object, what a hook writes to
     * {@code ${heat_outputs_path}.facts}) and every output its config declares with {@code fact: true}, under the
     * output's name; null when there are none.
     */
    private Uni<ObjectNode> published(ResourceCall call, SoftwareDeployment d, Signal signal) {
        JsonNode outputs = null;
        if (signal instanceof Signal.HookResult hook && hook.event().outputs() != null) {
            outputs = HearthJson.mapper().valueToTree(hook.event().outputs());
        } else if (signal instanceof Signal.DeploymentUpdate update) {
            outputs = update.change().outputValues();
        }
        if (d == null || !Status.COMPLETE.is(d.status) || outputs == null || !outputs.isObject()) {
            return Uni.createFrom().nullItem();
        }
        JsonNode values = outputs;
        return configs.used(d.configId).map(config -> {
            ObjectNode facts = facts(values, config);
            return facts.isEmpty() ? null : facts;
        });
    }

    /** The facts in a run's output values: the {@code facts} object's, then the outputs marked {@code fact: true}. */
    static ObjectNode facts(JsonNode outputs, SoftwareConfig config) {
        ObjectNode facts = JsonNodeFactory.instance.objectNode();
        JsonNode published = outputs.get(FACTS);
        if (published != null && published.isObject()) {
            facts.setAll((ObjectNode) published);
        }
        if (config != null && config.outputs != null) {
            for (JsonNode output : HearthJson.readTree(config.outputs)) {
                String name = output.path("name").asText("");
                if (output.path("fact").asBoolean(false) && outputs.has(name) && !name.equals(FACTS)) {
                    facts.set(name, outputs.get(name));
                }
            }
        }
        return facts;
    }

    /**
     * Whether the resource's action in progress is the deployment's, which has ended: the same action, or a
     * contextualization (the resource's UPDATE, the deployment's CONTEXTUALIZE).
     */
    private static boolean waitsFor(ResourceCall call, SoftwareDeployment d) {
        return Status.ended(d.status) && call.row().status == Status.IN_PROGRESS && (call.row().action.is(d.action)
                || call.row().action == Action.UPDATE && SoftwareDeployments.CONTEXTUALIZE.equals(d.action));
    }

    /**
     * What the resource's waiting action ends with now that its deployment has {@code d}'s status
     * (Heat's {@code _check_complete}): waiting while IN_PROGRESS (until the {@code timeout}, if any);
     * COMPLETE completes (a delete removes the deployment first); FAILED fails with Heat's
     * {@code Deployment to server failed} error.
     */
    Uni<Outcome> settled(ResourceCall call, SoftwareDeployment d) {
        if (Status.FAILED.is(d.status)) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "Error",
                    "Deployment to server failed: " + d.statusReason));
        }
        if (!Status.COMPLETE.is(d.status)) {
            return Uni.createFrom().item(new Outcome.Waiting(deadline(call)));
        }
        if (call.action() == Action.DELETE) {
            return removed(call, d);
        }
        return outcome(call, d);
    }

    private Uni<Outcome> removed(ResourceCall call, SoftwareDeployment d) {
        return deployments.delete(d.tenant, d.id.toString())
                .replaceWith(new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes()));
    }

    private Uni<Outcome> outcome(ResourceCall call, SoftwareDeployment d) {
        if (!Status.COMPLETE.is(d.status)) {
            return settled(call, d);
        }
        return configs.used(d.configId)
                .map(config -> Outcome.complete(d.id.toString(), attributes(config, d)));
    }

    /** Heat's {@code _resolve_attribute}: the status attributes and each declared output, null when not received. */
    static ObjectNode attributes(SoftwareConfig config, SoftwareDeployment d) {
        JsonNode values = d.outputValues == null ? JSON.objectNode() : HearthJson.readTree(d.outputValues);
        ObjectNode attributes = ResourceHandler.attributes();
        if (config != null && config.outputs != null) {
            for (JsonNode output : HearthJson.readTree(config.outputs)) {
                String name = output.path("name").asText();
                attributes.set(name, values.has(name) ? values.get(name) : NullNode.getInstance());
            }
        }
        for (String name : STATUS_ATTRIBUTES) {
            attributes.set(name, values.has(name) ? values.get(name) : NullNode.getInstance());
        }
        return attributes;
    }

    /** Whether the action runs: one of {@code actions}, or for a component config one its configs name. */
    private static boolean runs(ResourceCall call, SoftwareConfig config, String action) {
        Set<String> actions = new HashSet<>();
        if ("component".equals(config.group)) {
            for (JsonNode entry : HearthJson.readTree(config.config).path("configs")) {
                entry.path("actions").forEach(a -> actions.add(a.asText()));
            }
        } else {
            JsonNode declared = call.property("actions");
            if (declared instanceof ArrayNode list) {
                list.forEach(a -> actions.add(a.asText()));
            }
        }
        return actions.contains(action);
    }

    /**
     * The config the resource names, the tenant's, or null; when the resource's deployment uses it already (a rerun,
     * a contextualization, an update that keeps the config), from memory ({@link SoftwareConfigStore#find(String,
     * String, UUID)}): a data bag change that reruns 200 members reads no config.
     */
    private Uni<SoftwareConfig> config(ResourceCall call) {
        String configId = text(call.property("config"));
        if (configId == null) {
            return Uni.createFrom().nullItem();
        }
        return deployment(call).chain(d -> configs.find(call.stack().tenant, configId, d == null ? null : d.configId));
    }

    private Uni<SoftwareDeployment> deployment(ResourceCall call) {
        UUID id = SoftwareConfigStore.uuid(call.row().physicalId);
        return id == null ? Uni.createFrom().nullItem() : deploymentRows.find(id);
    }

    private static String inputKey(ResourceCall call) {
        if (!STRUCTURED_DEPLOYMENT.equals(call.row().type)) {
            return null;
        }
        String key = text(call.property("input_key"));
        return key == null ? "get_input" : key;
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.asText();
    }

    /**
     * A deployment its server's metadata document cannot carry fails the resource with the API's message
     * ({@code RequestLimitExceeded: resources.NAME: Request limit exceeded: ...}); nothing of it is written.
     */
    private static <T> Uni<T> failsResource(Uni<T> change) {
        return change.onFailure(DocumentTooLarge.class)
                .transform(e -> new ResourceException("RequestLimitExceeded", e.getMessage()));
    }
}
