package io.hearth.gateway.service;

import io.opentelemetry.context.Context;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The projection of {@code hearth.server.metadata}: the newest document of every server, an index of
 * deployment id to its server, stack, action and generation, and the long-polls waiting for a server's next
 * document. One thread writes ({@link #apply}, {@link #delete}); request threads read without locks.
 */
@ApplicationScoped
public class MetadataStore {

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
     * Takes a server's document unless one of a newer generation is held; re-indexes its deployments and
     * wakes the long-polls waiting on the server.
     *
     * @return whether the document was taken
     */
    public boolean apply(ServerDocument document, List<DeploymentRef> refs) {
        ServerDocument current = servers.get(document.serverId());
        if (current != null && !current.deleted() && current.generation() >= document.generation()) {
            return false;
        }
        for (DeploymentRef ref : refs) {
            deployments.put(ref.deploymentId(), ref);
        }
        servers.put(document.serverId(), document);
        if (current != null) {
            unindex(current, document.deploymentIds());
        }
        wake(document.serverId());
        return true;
    }

    /** The server is gone (a tombstone): its deployments leave the index and its long-polls are answered. */
    public void delete(String serverId) {
        ServerDocument current = servers.get(serverId);
        long generation = current == null ? 0 : current.generation();
        servers.put(serverId, ServerDocument.deleted(serverId, generation));
        traces.remove(serverId);
        if (current != null) {
            unindex(current, Set.of());
        }
        wake(serverId);
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

    private void unindex(ServerDocument previous, Set<String> kept) {
        for (String id : previous.deploymentIds()) {
            if (!kept.contains(id)) {
                deployments.computeIfPresent(id, (k, ref) -> ref.serverId().equals(previous.serverId()) ? null : ref);
            }
        }
    }
}
