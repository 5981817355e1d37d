package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.deployment.ServerMetadataAssembly;
import io.hearth.contracts.envelope.CloudEvent;
import io.opentelemetry.context.Context;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The projection of {@code hearth.server.metadata} and {@code hearth.server.deployments}: every server's document,
 * assembled from its server part and its deployments' items ({@link ServerMetadataAssembly}), an index of
 * deployment id to its server, stack, action and generation, and the long-polls waiting for a server's next
 * document. One thread writes ({@link #apply}); request threads read without locks. A record costs the same
 * whatever the number of its server's deployments, but for the (lazily rendered) body of the document it makes.
 */
@ApplicationScoped
public class MetadataStore {

    private final ServerMetadataAssembly<JsonNode> assembly = new ServerMetadataAssembly<>(MetadataDocuments.ITEMS);
    private final Map<String, ServerDocument> servers = new ConcurrentHashMap<>();
    private final Map<String, DeploymentRef> deployments = new ConcurrentHashMap<>();
    private final Map<String, Set<Runnable>> waiters = new ConcurrentHashMap<>();
    private final Map<String, Context> traces = new ConcurrentHashMap<>();

    /**
     * Remembers the trace context of the server's newest document (its envelope's {@code traceparent}), which the
     * server's signals and check-ins continue.
     */
    public void trace(String serverId, Context trace) {
        traces.put(serverId, trace);
    }

    /** The trace context of the server's newest document, or the root context when none is known. */
    public Context traceOf(String serverId) {
        return serverId == null ? Context.root() : traces.getOrDefault(serverId, Context.root());
    }

    /** The server's document, the deleted marker, or null when none was seen. */
    public ServerDocument server(String serverId) {
        return servers.get(serverId);
    }

    /** Where the deployment stands, or null when no document lists it. */
    public DeploymentRef deployment(String deploymentId) {
        return deployments.get(deploymentId);
    }

    /**
     * The deployment of a stack's resource (Heat's resource signal names a resource, not a deployment), or
     * null when no server's document lists one; the stack is given by id or by name. A scan: resource
     * signals come from people and scripts, not from every agent.
     */
    public DeploymentRef deploymentOfResource(String tenant, String stack, String resource) {
        for (DeploymentRef ref : deployments.values()) {
            if (ref.isResource(tenant, stack, resource)) {
                return ref;
            }
        }
        return null;
    }

    /** Number of servers with a live document. */
    public long serverCount() {
        return servers.values().stream().filter(s -> !s.deleted()).count();
    }

    /**
     * Applies a record of {@code hearth.server.metadata} or {@code hearth.server.deployments} ({@code event} null
     * for a tombstone): unless it is older than what is held, the server's document changes, the deployment's
     * index entry (every one of the server's, for a server part) follows, and the long-polls waiting on the server
     * are woken.
     *
     * @return the server whose document changed, or null
     */
    public String apply(String topic, String key, CloudEvent event) {
        ServerMetadataAssembly.Change change = assembly.apply(topic, key, event);
        if (change == null) {
            return null;
        }
        String serverId = change.serverId();
        ServerMetadataAssembly.Document<JsonNode> assembled = assembly.document(serverId);
        ServerDocument previous = servers.get(serverId);
        ServerDocument document = new ServerDocument(serverId, assembled.stackId(), assembled.tenant(),
                assembled.generation(), assembled.deleted(), assembled.check(), assembled.deployments());
        servers.put(serverId, document);
        if (change.deploymentId() != null) {
            index(document, change.deploymentId(), assembly.item(serverId, change.deploymentId()));
        } else {
            if (previous != null) {
                previous.deployments().forEach(item -> index(document, MetadataDocuments.ITEMS.deploymentId(item),
                        null));
            }
            document.deployments().forEach(item -> index(document, MetadataDocuments.ITEMS.deploymentId(item),
                    item));
        }
        if (document.deleted()) {
            traces.remove(serverId);
        }
        wake(serverId);
        return serverId;
    }

    /**
     * Calls {@code listener} (once, on the projection's thread or at once on the caller's) when the server's
     * document is newer than {@code generation} or the server is deleted; call {@link #cancel} when no longer
     * interested.
     *
     * @param maxWaiters the most listeners a server may have
     * @return false, and no registration, when the server has {@code maxWaiters} already
     */
    public boolean awaitNewer(String serverId, long generation, int maxWaiters, Runnable listener) {
        Set<Runnable> set;
        while (true) {
            set = waiters.computeIfAbsent(serverId, id -> new HashSet<>());
            synchronized (set) {
                // A set leaves the map only under its own lock: if it is still there, it is the live one.
                if (waiters.get(serverId) != set) {
                    continue;
                }
                if (set.size() >= maxWaiters) {
                    return false;
                }
                set.add(listener);
                break;
            }
        }
        // A document applied between the caller's check and the registration above woke nobody: look again.
        ServerDocument now = servers.get(serverId);
        if (now != null && (now.deleted() || now.generation() > generation)) {
            boolean mine;
            synchronized (set) {
                mine = set.remove(listener);
            }
            if (mine) {
                listener.run();
            }
        }
        return true;
    }

    /** How many long-polls wait on the server now. */
    public int waiting(String serverId) {
        Set<Runnable> set = waiters.get(serverId);
        if (set == null) {
            return 0;
        }
        synchronized (set) {
            return set.size();
        }
    }

    /** Drops a listener registered with {@link #awaitNewer}. */
    public void cancel(String serverId, Runnable listener) {
        Set<Runnable> set = waiters.get(serverId);
        if (set != null) {
            synchronized (set) {
                set.remove(listener);
                if (set.isEmpty()) {
                    waiters.remove(serverId, set);
                }
            }
        }
    }

    private void wake(String serverId) {
        Set<Runnable> set = waiters.get(serverId);
        if (set == null) {
            return;
        }
        Runnable[] listeners;
        synchronized (set) {
            waiters.remove(serverId, set);
            listeners = set.toArray(Runnable[]::new);
            set.clear();
        }
        for (Runnable listener : listeners) {
            listener.run();
        }
    }

    /** Indexes the deployment's item of the server's document, or drops its entry when it has none there. */
    private void index(ServerDocument document, String deploymentId, JsonNode item) {
        if (deploymentId == null) {
            return;
        }
        if (item != null) {
            deployments.put(deploymentId, MetadataDocuments.ref(document.serverId(), document.stackId(),
                    document.tenant(), item));
        } else {
            deployments.computeIfPresent(deploymentId,
                    (id, ref) -> ref.serverId().equals(document.serverId()) ? null : ref);
        }
    }
}
