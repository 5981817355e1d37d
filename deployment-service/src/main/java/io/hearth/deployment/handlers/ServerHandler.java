package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.compute.ComputeDrivers;
import io.hearth.deployment.config.ComputeConfig;
import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.groups.GroupOfServer;
import io.hearth.deployment.groups.InstanceEvents;
import io.hearth.deployment.software.SignalConfig;
import io.hearth.deployment.software.SoftwareDeployments;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.PhysicalNames;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * {@code OS::Nova::Server} ({@code server.py}) and {@code OS::Heat::DeployedServer}
 * ({@code deployed_server.py}, the same without image and flavor). Create picks the server id (the
 * physical and reference id), publishes the server's desired state ACTIVE, generation 1, with the spec that
 * carries its metadata URL ({@code ServerDesired} on the compacted {@code hearth.compute.servers}, through the
 * outbox; docs/compute-drivers.md), and waits until the instance's agent checks in ({@link #checkedIn}); then the
 * server is CREATE_COMPLETE with Heat's attributes. A server no compute driver accepted (reported ACCEPTED or
 * ACTIVE) within {@code hearth.compute.accept-timeout} is CREATE_FAILED, saying so ({@link #resume}); a driver's
 * FAILED report fails it at once. Which changes are
 * made in place is the resource-type catalogue's {@code update_allowed} (the handler's default
 * {@link #updateKind}): {@code metadata} or an update policy; any other change replaces the server,
 * since the compute driver neither renames, rebuilds nor resizes. Suspend, resume and delete publish the
 * next generation (SUSPENDED, ACTIVE, DELETED). Delete forgets the server's metadata (a tombstone for its key on
 * {@code hearth.server.metadata}; its deployments, which depend on it, were deleted before) and completes
 * at once: the driver is fire-and-forget. A DeployedServer with {@code software_config_transport: POLL_TEMP_URL}
 * is a server that exists elsewhere, run by Heat's own agents ({@link #elsewhere}): no compute driver hears of it,
 * and it is complete as soon as it is created, as in Heat.
 */
@ApplicationScoped
public class ServerHandler implements ResourceHandler {

    private static final Logger LOG = Logger.getLogger(ServerHandler.class);

    static final String NOVA_SERVER = "OS::Nova::Server";
    static final String DEPLOYED_SERVER = "OS::Heat::DeployedServer";

    /** Heat's {@code max_server_name_length}: a host name of 64 less {@code .novalocal}. */
    static final int NAME_LIMIT = 53;

    /** The network the attributes show an address on when the server names none (devstack's default). */
    static final String DEFAULT_NETWORK = "private";

    private static final String METADATA_URL = "metadata_url";
    private static final String BOOT_ID = "boot_id";
    private static final String ADDRESS = "address";
    private static final String CHECK = "check";
    private static final String ELSEWHERE = "elsewhere";
    private static final String POLL_TEMP_URL = "POLL_TEMP_URL";
    private static final String GENERATION = "generation";
    private static final String ACCEPTED = "accepted_by";
    private static final String ACCEPT_BY = "accept_by";

    private final Outbox outbox;
    private final PresignedUrls urls;
    private final SignalConfig signal;
    private final SoftwareDeployments deployments;
    private final InstanceEvents instances;
    private final Duration checkTimeout;
    private final Duration acceptTimeout;
    private final ComputeDrivers drivers;
    private final GroupOfServer groups;

    public ServerHandler(Outbox outbox, PresignedUrls urls, SignalConfig signal, SoftwareDeployments deployments,
            InstanceEvents instances, DeploymentConfig config, ComputeConfig compute, ComputeDrivers drivers,
            GroupOfServer groups) {
        this.outbox = outbox;
        this.groups = groups;
        this.acceptTimeout = compute.acceptTimeout();
        this.drivers = drivers;
        this.checkTimeout = config.serverCheckTimeout();
        this.instances = instances;
        this.urls = urls;
        this.signal = signal;
        this.deployments = deployments;
    }

    @Override
    public Set<String> types() {
        return Set.of(NOVA_SERVER, DEPLOYED_SERVER);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        String serverId = UUID.randomUUID().toString();
        String url = metadataUrl(call.stack().eventKey(), call.stack().id.toString(), serverId);
        ResourceRuntime row = call.row();
        row.physicalId = serverId; // Heat's resource_id_set: the check-in finds the server by it
        ObjectNode data = ResourceHandler.attributes().put(METADATA_URL, url);
        Uni<Void> claimed = deployments.serverCreated(call.stack().tenant, call.stack().id.toString(), serverId);
        if (elsewhere(call)) {
            // Heat's DeployedServer: nothing to launch, complete at once; Heat's own agents poll the URL.
            row.data = HearthJson.write(data.put(ELSEWHERE, true));
            return claimed.chain(() -> instanceChanged(call, null, Action.CREATE.with(Status.IN_PROGRESS),
                    Action.CREATE.with(Status.COMPLETE))).replaceWith(Outcome.complete(serverId,
                            attributes(call, null, url)));
        }
        Instant acceptBy = Instant.now().plus(acceptTimeout);
        row.data = HearthJson.write(data.put(ACCEPT_BY, acceptBy.toString()));
        return claimed.chain(() -> desire(call, ServerDesired.State.ACTIVE)).replaceWith(new Outcome.Waiting(acceptBy));
    }

    /**
     * Publishes the server's next generation (one more than the last, kept in its data) wanting {@code state}, on
     * {@code hearth.compute.servers} through the outbox (in the engine's transaction): the state a compute driver
     * converges on. The spec is left out of a DELETED state: nothing is created from it.
     */
    private Uni<Void> desire(ResourceCall call, ServerDesired.State state) {
        ResourceRuntime row = call.row();
        ObjectNode data = (ObjectNode) data(row);
        long generation = data.path(GENERATION).asLong(0) + 1;
        row.data = HearthJson.write(data.put(GENERATION, generation));
        String serverId = row.physicalId;
        StackRuntime stack = call.stack();
        ServerSpec spec = null;
        if (state != ServerDesired.State.DELETED) {
            boolean nova = NOVA_SERVER.equals(row.type);
            spec = new ServerSpec(serverId, stack.id.toString(), stack.tenant, serverName(call),
                    nova ? text(call.property("image")) : null, nova ? text(call.property("flavor")) : null,
                    text(data.get(METADATA_URL)), userData(call));
        }
        return outbox.append("server", serverId, serverId, new ServerDesired(serverId, stack.id.toString(),
                stack.tenant, generation, state, spec, stack.eventKey())).replaceWithVoid();
    }

    /**
     * A DeployedServer whose {@code software_config_transport} is {@code POLL_TEMP_URL}: a server that exists
     * elsewhere, configured by Heat's own agents (os-collect-config's {@code request} collector polling its
     * metadata URL, heat-config, heat-config-notify). As in Heat, it is complete as soon as it is created and no
     * compute driver is told anything about it; its deployments wait for their signals.
     */
    static boolean elsewhere(ResourceCall call) {
        return DEPLOYED_SERVER.equals(call.row().type)
                && POLL_TEMP_URL.equals(text(call.property("software_config_transport")));
    }

    private static boolean elsewhere(ResourceRuntime row) {
        return data(row).path(ELSEWHERE).asBoolean(false);
    }

    /**
     * The URL the server's agent polls for its metadata: a GET of
     * {@code /v1/trees/{root}/stacks/{stack}/servers/{id}/metadata} at the signal gateway, pre-signed with the
     * platform's keys, valid as long as a deployment's signal URL. The stack and its tree's top-level stack are in
     * the signed path so the gateway keys the server's check-in by the tree before any metadata document exists.
     */
    String metadataUrl(String rootStackId, String stackId, String serverId) {
        return urls.url(signal.baseUrl(), "GET", "/v1/trees/" + rootStackId + "/stacks/" + stackId + "/servers/"
                + serverId + "/metadata", Instant.now().plus(signal.urlTtl()));
    }

    /**
     * A create whose {@code hearth.compute.accept-timeout} is up fails unless a compute driver accepted the server
     * (then it waits for the agent, as long as the stack's timeout), and the server's next generation wants it
     * DELETED, so that a driver coming later does not create it; a resume goes on waiting for the agent to check
     * in; a check whose time is up fails, as Heat's {@code handle_check} does for a server that is not ACTIVE; nothing
     * else of a server waits.
     */
    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        JsonNode data = data(call.row());
        if (call.action() == Action.CREATE && !data.has(ACCEPTED) && data.has(ACCEPT_BY)) {
            Instant acceptBy = Instant.parse(data.get(ACCEPT_BY).asText());
            if (Instant.now().isBefore(acceptBy)) {
                return Uni.createFrom().item(new Outcome.Waiting(acceptBy)); // woken early (the stack's timer)
            }
            // no driver took it: a driver that comes later must not create it for a failed resource
            return desire(call, ServerDesired.State.DELETED).replaceWith(Outcome.failed(call.name(), "Error",
                    "no compute driver accepted server " + call.row().physicalId + " within "
                    + acceptTimeout.toSeconds() + " s (" + drivers.presence(Instant.now()) + "); a server that exists"
                    + " elsewhere, run by its own agents, is an OS::Heat::DeployedServer with"
                    + " software_config_transport POLL_TEMP_URL"));
        }
        if (call.action() == Action.CREATE || call.action() == Action.RESUME) {
            return Uni.createFrom().item(new Outcome.Waiting(null));
        }
        if (call.action() == Action.CHECK) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "Error", "'status': expected 'ACTIVE', got"
                    + " 'UNREACHABLE' (its agent did not poll its metadata within " + checkTimeout.toSeconds()
                    + " s)"));
        }
        return ResourceHandler.super.resume(call);
    }

    /**
     * Heat's {@code handle_suspend}: the server's desired state becomes SUSPENDED (the compute driver suspends the
     * instance; its agent stops), after the server's deployments ran their SUSPEND (they depend on it). The suspend
     * does not wait for the driver.
     */
    @Override
    public Uni<Outcome> handleSuspend(ResourceCall call) {
        if (elsewhere(call.row())) {
            return Uni.createFrom().item(ResourceHandler.unchanged(call));
        }
        return desire(call, ServerDesired.State.SUSPENDED).replaceWith(ResourceHandler.unchanged(call));
    }

    /**
     * Heat's {@code handle_resume}: the server's desired state becomes ACTIVE again (the compute driver resumes the
     * instance) and the resume
     * completes once its agent polls again (Heat's {@code check_resume_complete} waits for ACTIVE): the same
     * question as a check ({@link #awaitAgent}), with no time limit but the stack's. The server's deployments run
     * their RESUME after it.
     */
    @Override
    public Uni<Outcome> handleResume(ResourceCall call) {
        if (elsewhere(call.row())) {
            return Uni.createFrom().item(ResourceHandler.unchanged(call));
        }
        return desire(call, ServerDesired.State.ACTIVE).chain(() -> awaitAgent(call))
                .replaceWith(new Outcome.Waiting(null));
    }

    @Override
    public boolean checks() {
        return true;
    }

    /**
     * Heat's {@code handle_check}, where Nova's status is the agent's presence: the server's metadata document asks
     * for a check with a new token, and the check completes when the gateway reports a poll that was served it
     * ({@link #signal}); past {@code hearth.deployment.server-check-timeout} it fails ({@link #resume}).
     */
    @Override
    public Uni<Outcome> handleCheck(ResourceCall call) {
        if (elsewhere(call.row())) {
            return Uni.createFrom().item(ResourceHandler.unchanged(call)); // Heat's DeployedServer checks nothing
        }
        return awaitAgent(call).replaceWith(new Outcome.Waiting(Instant.now().plus(checkTimeout)));
    }

    /**
     * Asks the server's agent to show it is there: a new check token, kept with the server's data, in its metadata
     * document; the gateway reports the first poll served it as a check-in carrying the token ({@link #signal}).
     */
    private Uni<Void> awaitAgent(ResourceCall call) {
        ResourceRuntime row = call.row();
        String token = UUID.randomUUID().toString();
        ObjectNode data = (ObjectNode) data(row);
        data.put(CHECK, token);
        row.data = HearthJson.write(data);
        StackRuntime stack = call.stack();
        return deployments.requestCheck(stack.tenant, stack.id.toString(), row.physicalId, token);
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        Outcome done = new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes());
        String serverId = call.row().physicalId;
        if (serverId == null) {
            return Uni.createFrom().item(done);
        }
        boolean elsewhere = elsewhere(call.row());
        JsonNode data = data(call.row());
        Uni<Void> sent = (elsewhere ? Uni.createFrom().voidItem() : desire(call, ServerDesired.State.DELETED))
                .chain(() -> deployments.serverDeleted(serverId));
        if (data.has(BOOT_ID) || elsewhere) {
            // The server was up: it leaves CREATE_COMPLETE as its delete starts.
            sent = sent.chain(() -> instanceChanged(call, text(data.get(ADDRESS)),
                    Action.CREATE.with(Status.COMPLETE), Action.DELETE.with(Status.IN_PROGRESS)));
        }
        return sent.replaceWith(done);
    }

    /**
     * A check-in of the server's agent. The first one of a server whose create waits completes the create
     * with its attributes, and {@code InstanceStateChanged} says it is up. A check-in for a server that is up
     * already changes nothing; one with a new boot id means the instance rebooted, which is only logged so far.
     */
    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        if (signal instanceof Signal.ComputeReport report) {
            return reported(call, report.event());
        }
        if (!(signal instanceof Signal.CheckIn checkIn)) {
            return ResourceHandler.super.signal(call, signal);
        }
        ResourceRuntime row = call.row();
        ServerCheckedIn event = checkIn.event();
        if (row.status == Status.IN_PROGRESS && (row.action == Action.CHECK || row.action == Action.RESUME)) {
            // the agent answered the check or resume it was asked (its token), or an earlier one (ignored)
            boolean answered = event.check() != null && event.check().equals(text(data(row).get(CHECK)));
            return Uni.createFrom().item(answered ? ResourceHandler.unchanged(call) : null);
        }
        if (event.check() != null) {
            return Uni.createFrom().nullItem(); // an answer to a check that is over: the agent polls, nothing more
        }
        if (row.is(Action.CREATE, Status.IN_PROGRESS)) {
            return checkedIn(call, event);
        }
        String bootId = bootId(row);
        if (row.status == Status.COMPLETE && bootId != null && !bootId.equals(event.bootId())) {
            LOG.infof("server %s (%s in stack %s) rebooted: boot id %s, was %s; nothing to do yet", row.physicalId,
                    row.name, call.stack().id, event.bootId(), bootId);
        } else {
            LOG.infof("server %s (%s in stack %s) is %s; check-in of boot %s ignored", row.physicalId, row.name,
                    call.stack().id, row.state(), event.bootId());
        }
        return Uni.createFrom().nullItem();
    }

    /**
     * A compute driver's report on the server's current generation (an older generation's changes nothing): while
     * the create waits, ACCEPTED or ACTIVE means a driver serves the server, and the create waits for the agent
     * without the accept timeout; FAILED fails a waiting create or resume with the driver's reason.
     */
    private Uni<Outcome> reported(ResourceCall call, ServerReported report) {
        ResourceRuntime row = call.row();
        ObjectNode data = (ObjectNode) data(row);
        if (report.generation() != data.path(GENERATION).asLong(0) || row.status != Status.IN_PROGRESS
                || (row.action != Action.CREATE && row.action != Action.RESUME)) {
            return Uni.createFrom().nullItem();
        }
        if (report.state() == ServerReported.State.FAILED) {
            return Uni.createFrom().item(Outcome.failed(call.name(), "Error", "compute driver " + report.driver()
                    + " could not bring server " + row.physicalId + " up: " + report.reason()));
        }
        boolean serves = report.state() == ServerReported.State.ACCEPTED
                || report.state() == ServerReported.State.ACTIVE;
        if (row.action != Action.CREATE || !serves || data.has(ACCEPTED)) {
            return Uni.createFrom().nullItem();
        }
        row.data = HearthJson.write(data.put(ACCEPTED, report.driver()));
        return Uni.createFrom().item(new Outcome.Waiting(null));
    }

    private Uni<Outcome> checkedIn(ResourceCall call, ServerCheckedIn checkIn) {
        ResourceRuntime row = call.row();
        ObjectNode data = (ObjectNode) data(row);
        data.put(BOOT_ID, checkIn.bootId());
        data.put(ADDRESS, checkIn.address());
        row.data = HearthJson.write(data);
        ObjectNode attributes = attributes(call, checkIn.address(), text(data.get(METADATA_URL)));
        return instanceChanged(call, checkIn.address(), Action.CREATE.with(Status.IN_PROGRESS),
                Action.CREATE.with(Status.COMPLETE))
                .replaceWith(Outcome.complete(row.physicalId, attributes));
    }

    /** The boot id the server's agent last checked in with, or null before its first check-in. */
    static String bootId(ResourceRuntime row) {
        return text(data(row).get(BOOT_ID));
    }

    /**
     * Heat's server attributes for an instance with one address: {@code name}, {@code first_address}
     * (empty when there is none), {@code networks} and {@code addresses} by network name,
     * {@code accessIPv4}/{@code accessIPv6} (Nova's empty defaults) and {@code os_collect_config}, the
     * agent's polling configuration (Heat's POLL_TEMP_URL shape: the {@code request} collector).
     */
    static ObjectNode attributes(ResourceCall call, String address, String metadataUrl) {
        ObjectNode attributes = ResourceHandler.attributes();
        attributes.put("name", serverName(call));
        attributes.put("first_address", address == null ? "" : address);
        ObjectNode networks = attributes.putObject("networks");
        ObjectNode addresses = attributes.putObject("addresses");
        if (address != null) {
            String network = networkName(call.properties());
            networks.putArray(network).add(address);
            addresses.putArray(network).addObject().put("addr", address).put("version", address.contains(":") ? 6 : 4)
                    .put("OS-EXT-IPS:type", "fixed");
        }
        attributes.put("accessIPv4", "");
        attributes.put("accessIPv6", "");
        ObjectNode occ = attributes.putObject("os_collect_config");
        occ.putArray("collectors").add("request").add("local");
        occ.putObject("request").put("metadata_url", metadataUrl);
        return attributes;
    }

    /** The {@code name} property, else Heat's physical name cut to the server name limit. */
    static String serverName(ResourceCall call) {
        String name = text(call.property("name"));
        return name != null && !name.isEmpty() ? name : PhysicalNames.reduce(call.physicalName(), NAME_LIMIT);
    }

    /** The first network the {@code networks} property names, else {@value #DEFAULT_NETWORK}. */
    private static String networkName(JsonNode properties) {
        JsonNode first = properties == null ? null : properties.path("networks").path(0);
        for (String key : new String[] {"network", "uuid"}) {
            if (first != null && first.path(key).isTextual()) {
                return first.get(key).textValue();
            }
        }
        return DEFAULT_NETWORK;
    }

    /**
     * {@code InstanceStateChanged} on {@code hearth.instance.lifecycle}, naming the server's group when it is part of
     * one, under its stack tree's key: every member of a group reaches the membership view in the order written.
     */
    private Uni<Void> instanceChanged(ResourceCall call, String address, String previous, String state) {
        StackRuntime stack = call.stack();
        return groups.of(stack).chain(group -> instances.changed(stack, group, call.row().physicalId,
                call.name(), address, previous, state));
    }

    private static JsonNode userData(ResourceCall call) {
        String userData = text(call.property("user_data"));
        return userData == null || userData.isEmpty() ? null : TextNode.valueOf(userData);
    }

    private static JsonNode data(ResourceRuntime row) {
        return row.data == null ? ResourceHandler.attributes() : HearthJson.readTree(row.data);
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.asText();
    }
}
