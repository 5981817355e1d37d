package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.platform.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A hook's signal for a deployment, as the routes publish it ({@link SignalPublisher#signal}) (Heat's body: {@code deploy_stdout}, {@code deploy_stderr},
 * {@code deploy_status_code}, every other key an output), published as {@code DeploymentSignalled}. Every
 * signal is published, repeats included: deployment-service applies the first terminal one per
 * (deployment, action, generation). A body with {@code "deploy_status": "IN_PROGRESS"} is a running hook's progress
 * report instead, published as {@code DeploymentProgressed}: any number of them may precede the terminal signal.
 */
@ApplicationScoped
public class DeploymentSignals {

    static final String STDOUT = "deploy_stdout";
    static final String STDERR = "deploy_stderr";
    static final String STATUS_CODE = "deploy_status_code";
    private static final Set<String> RESERVED = Set.of(STDOUT, STDERR, STATUS_CODE);
    static final String STATUS = "deploy_status";
    static final String STATUS_REASON = "deploy_status_reason";
    static final String PROGRESS = "deploy_progress";
    /** The {@code deploy_status} that makes a body a progress report; any other value is an output, as before. */
    static final String IN_PROGRESS = "IN_PROGRESS";
    /** The longest progress message taken, in characters. */
    static final int MAX_MESSAGE = 4096;

    private final MetadataStore store;

    public DeploymentSignals(MetadataStore store) {
        this.store = store;
    }

    /** The deployment as the projection knows it; 404 when no server's document lists it. */
    public DeploymentRef find(String deploymentId) {
        DeploymentRef ref = store.deployment(deploymentId);
        if (ref == null) {
            throw ApiException.notFound("Deployment " + deploymentId + " not found");
        }
        return ref;
    }

    /**
     * The signal to publish ({@link SignalPublisher#signal}), keyed by the deployment's stack tree ({@code root}, which
     * its URL names), else by its stack (a URL issued before URLs named the tree), else by the deployment id (a
     * deployment no stack owns); in the trace of its server's document.
     *
     * @param ref        the deployment, see {@link #find}
     * @param root       the id of the deployment's top-level stack, or null when unknown
     * @param action     the action the agent says it ran, or null for the deployment's current one
     * @param generation the generation the agent says it ran, or null for the deployment's current one
     * @param body       the signal body
     */
    public SignalPublisher.Outgoing<DeploymentSignalled> signal(DeploymentRef ref, String root, String action,
            Long generation, ObjectNode body) {
        return outgoing(ref, root, event(ref, action, generation, body, Instant.now()));
    }

    private <E> SignalPublisher.Outgoing<E> outgoing(DeploymentRef ref, String root, E event) {
        return new SignalPublisher.Outgoing<>(key(ref, root), event, store.traceOf(ref.serverId()), ref.stackId(),
                ref.deploymentId());
    }

    private static String key(DeploymentRef ref, String root) {
        return root != null ? root : ref.stackId() != null ? ref.stackId() : ref.deploymentId();
    }

    /** Whether the body is a progress report ({@code "deploy_status": "IN_PROGRESS"}), not a terminal signal. */
    public static boolean isProgress(ObjectNode body) {
        JsonNode status = body.get(STATUS);
        return status != null && status.isTextual() && IN_PROGRESS.equals(status.textValue());
    }

    /** The progress report to publish, keyed as a signal is; see {@link #signal} for the parameters. */
    public SignalPublisher.Outgoing<DeploymentProgressed> progress(DeploymentRef ref, String root, String action,
            Long generation, ObjectNode body) {
        return outgoing(ref, root, progressEvent(ref, action, generation, body, Instant.now()));
    }

    /**
     * The event a progress body makes: {@code deploy_status_reason} the message (text; other JSON as its JSON), and
     * {@code deploy_progress} the percentage; 400 when that is no integer from 0 to 100 or the message is longer than
     * {@link #MAX_MESSAGE}.
     */
    static DeploymentProgressed progressEvent(DeploymentRef ref, String action, Long generation, ObjectNode body,
            Instant now) {
        String message = text(body.get(STATUS_REASON));
        if (message != null && message.length() > MAX_MESSAGE) {
            throw ApiException.badRequest("InvalidSignal", STATUS_REASON + " must be at most " + MAX_MESSAGE
                    + " characters, not " + message.length());
        }
        Integer progress = integer(body.get(PROGRESS), PROGRESS);
        if (progress != null && (progress < 0 || progress > 100)) {
            throw ApiException.badRequest("InvalidSignal", PROGRESS + " must be an integer from 0 to 100, got "
                    + progress);
        }
        return new DeploymentProgressed(ref.stackId(), ref.deploymentId(), ref.serverId(),
                action != null ? action : ref.action(), generation != null ? generation : ref.generation(), message,
                progress, now);
    }

    /** The event a signal body makes; 400 when {@code deploy_status_code} is not an integer. */
    static DeploymentSignalled event(DeploymentRef ref, String action, Long generation, ObjectNode body, Instant now) {
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        body.properties().forEach(e -> {
            if (!RESERVED.contains(e.getKey())) {
                outputs.put(e.getKey(), e.getValue());
            }
        });
        return new DeploymentSignalled(ref.stackId(), ref.deploymentId(), ref.serverId(),
                action != null ? action : ref.action(), generation != null ? generation : ref.generation(),
                text(body.get(STDOUT)), text(body.get(STDERR)), integer(body.get(STATUS_CODE), STATUS_CODE), outputs, now);
    }

    /** A body field as an integer (or a string holding one); null when absent, null or blank; else 400. */
    private static Integer integer(JsonNode node, String field) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isIntegralNumber() && node.canConvertToInt()) {
            return node.intValue();
        }
        if (node.isTextual()) {
            String text = node.textValue().trim();
            if (text.isEmpty()) {
                return null;
            }
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw ApiException.badRequest("InvalidSignal", field + " must be an integer, got " + node);
    }

    /** A body field as text: a string as it is, any other JSON value as its JSON, null when absent or null. */
    static String text(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return node.isTextual() ? node.textValue() : node.toString();
    }
}
