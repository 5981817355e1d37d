package io.hearth.deployment.software;

import io.hearth.platform.signing.PresignedUrls;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * The metric URLs: a POST pre-signed for the signal gateway's
 * {@code /v1/metrics/trees/{root}/stacks/{stack}[/groups/{group}]}, with the platform's keys (the signer of every
 * signal URL), valid for {@code hearth.signal.metric-url-ttl}. Write-only: the gateway takes samples on it and
 * answers nothing else. A group's members push on their group's URL (the group's stack and name); a server of no
 * group on its stack's.
 */
@ApplicationScoped
public class MetricUrls {

    /** The path's prefix. */
    static final String PREFIX = "/v1/metrics/trees/";

    private final PresignedUrls urls;
    private final SignalConfig signal;

    public MetricUrls(PresignedUrls urls, SignalConfig signal) {
        this.urls = urls;
        this.signal = signal;
    }

    /** The URL of a scope, signed now with the active key. */
    public String url(MetricScope scope) {
        String path = PREFIX + scope.rootStackId() + "/stacks/" + scope.stackId()
                + (scope.groupName() == null ? "" : "/groups/" + scope.groupName());
        return urls.url(signal.baseUrl(), "POST", path, Instant.now().plus(signal.metricUrlTtl()));
    }

    /**
     * Whom a metric URL speaks for.
     *
     * @param rootStackId the stack tree's top-level stack
     * @param stackId     the group's stack, or the server's own stack when it is in no group
     * @param groupName   the group's resource name, null for no group
     */
    public record MetricScope(String rootStackId, String stackId, String groupName) {
    }
}
