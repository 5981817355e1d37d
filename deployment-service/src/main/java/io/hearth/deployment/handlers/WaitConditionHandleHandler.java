package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.software.SignalConfig;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.hearth.hot.py.PyJson;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * {@code OS::Heat::WaitConditionHandle} ({@code wait_condition_handle.py}): no user and no token, a pre-signed
 * signal-gateway URL instead, {@code POST /v1/signal/trees/{root}/stacks/{stack}/wait-conditions/{name}}, valid
 * {@code hearth.signal.handle-url-ttl}. Attributes: {@code endpoint} (the URL), {@code curl_cli} (a curl command
 * line that works as printed: add {@code --data-binary '{"status": "SUCCESS"}'}), {@code signal}
 * ({@code {"alarm_url": URL}}, the shape of Heat's pre-signed transports) and {@code token} (null: Heat's value for
 * every transport but TOKEN_SIGNAL). Signals, from that URL or Heat's resource signal API, are kept as Heat keeps
 * them ({@link HandleSignals}); the WaitConditions that depend on the handle then look at them again
 * ({@link ResourceHandler#resumesOnSignals}). The physical id, which {@code get_resource} returns, is the row's id.
 */
@ApplicationScoped
public class WaitConditionHandleHandler implements ResourceHandler {

    private static final Logger LOG = Logger.getLogger(WaitConditionHandleHandler.class);

    static final String TYPE = "OS::Heat::WaitConditionHandle";

    private final PresignedUrls urls;
    private final SignalConfig config;

    public WaitConditionHandleHandler(PresignedUrls urls, SignalConfig config) {
        this.urls = urls;
        this.config = config;
    }

    @Override
    public Set<String> types() {
        return Set.of(TYPE);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        String path = "/v1/signal/trees/" + call.stack().eventKey() + "/stacks/" + call.stack().id + "/wait-conditions/"
                + URLEncoder.encode(call.name(), StandardCharsets.UTF_8).replace("+", "%20");
        String endpoint = urls.url(config.baseUrl(), "POST", path, Instant.now().plus(config.handleUrlTtl()));
        ObjectNode attributes = ResourceHandler.attributes();
        attributes.putNull("token");
        attributes.put("endpoint", endpoint);
        attributes.put("curl_cli", "curl -i -X POST -H 'Content-Type: application/json' "
                + "-H 'Accept: application/json' '" + endpoint + "'");
        attributes.put("signal", PyJson.dumps(JsonNodeFactory.instance.objectNode().put("alarm_url", endpoint), false));
        return Uni.createFrom().item(Outcome.complete(call.row().id.toString(), attributes));
    }

    /**
     * Keeps a signal ({@code handle_signal}); it ends no action of the handle itself. A body Heat would refuse
     * ({@code Metadata format invalid}) is logged and changes nothing, as Heat drops it; so is a signal during
     * the handle's delete ({@code Signal resource during DELETE is not supported.}).
     */
    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        JsonNode details;
        if (signal instanceof Signal.WaitConditionSignal wait) {
            details = details(wait.event());
        } else if (signal instanceof Signal.ApiSignal api) {
            details = api.details();
        } else {
            return ResourceHandler.super.signal(call, signal);
        }
        ResourceRuntime row = call.row();
        if (row.action == Action.DELETE) {
            LOG.infof("signal to %s in stack %s ignored: Signal resource during DELETE is not supported.", row.name,
                    call.stack().id);
            return Uni.createFrom().nullItem();
        }
        HandleSignals signals = HandleSignals.of(row);
        try {
            String reason = signals.add(details);
            signals.store(row);
            LOG.infof("%s in stack %s signalled: %s", row.name, call.stack().id, reason);
        } catch (IllegalArgumentException e) {
            LOG.infof("signal to %s in stack %s ignored: %s", row.name, call.stack().id, e.getMessage());
        }
        return Uni.createFrom().nullItem();
    }

    /** The gateway's event as the body it came from: only what the signal gave. */
    private static JsonNode details(WaitConditionSignalled event) {
        ObjectNode details = JsonNodeFactory.instance.objectNode();
        if (event.status() != null) {
            details.put("status", event.status());
        }
        if (event.reason() != null) {
            details.put("reason", event.reason());
        }
        if (event.data() != null) {
            details.set("data", event.data());
        }
        if (event.signalId() != null) {
            details.put("id", event.signalId());
        }
        return details;
    }
}
