package io.hearth.contracts.deployment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Servers' metadata documents assembled from their records: each server's part ({@code ServerMetadata} on
 * {@code hearth.server.metadata}) and its deployments' items ({@code ServerDeployment} on
 * {@code hearth.server.deployments}), which arrive on different partitions and so in any order between keys.
 * Every record carries the server's document generation of its change: an item replaces its deployment's entry
 * only when newer (a removal is kept as an entry without item, so an older item arriving later is refused), the
 * part likewise, and a document's generation is the highest one seen. Items are listed in Heat's order: by config
 * name, then as their deployments were created (creation time, then deployment id).
 *
 * <p>Not thread-safe: one thread applies the records; the documents it answers are immutable.
 *
 * @param <I> how a consumer holds an item (a {@code DeploymentItem}, or the JSON tree the gateway serves as is)
 */
public final class ServerMetadataAssembly<I> {

    /**
     * A server's document as assembled.
     *
     * @param deleted     true once the server's part got a tombstone (the server is gone); then no deployments
     * @param deployments its items in Heat's order
     */
    public record Document<I>(String serverId, String stackId, String tenant, long generation, String check,
            boolean deleted, List<I> deployments) {
    }

    /** What a record changed: its server, and its deployment (null for a server's part). */
    public record Change(String serverId, String deploymentId) {
    }

    /** How a consumer holds items, and what the assembly reads of one. */
    public interface Items<I> {
        /** An item of a record's data, as JSON. */
        I read(JsonNode item);

        String deploymentId(I item);

        String name(I item);

        Instant creationTime(I item);
    }

    private record Entry<I>(long generation, I item) {
    }

    private static final class Server<I> {
        String stackId;
        String tenant;
        String check;
        long partGeneration = -1;
        long generation;
        boolean deleted;
        final Map<String, Entry<I>> entries = new HashMap<>();
    }

    private final Items<I> items;
    private final Comparator<I> order;
    private final Map<String, Server<I>> servers = new HashMap<>();

    public ServerMetadataAssembly(Items<I> items) {
        this.items = items;
        this.order = heatOrder(items::name, items::creationTime, items::deploymentId);
    }

    /** An assembly of {@link DeploymentItem}s. */
    public static ServerMetadataAssembly<DeploymentItem> ofDeploymentItems() {
        return new ServerMetadataAssembly<>(new Items<>() {
            @Override
            public DeploymentItem read(JsonNode item) {
                try {
                    return HearthJson.mapper().treeToValue(item, DeploymentItem.class);
                } catch (JsonProcessingException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public String deploymentId(DeploymentItem item) {
                return item.deploymentId();
            }

            @Override
            public String name(DeploymentItem item) {
                return item.name();
            }

            @Override
            public Instant creationTime(DeploymentItem item) {
                return item.creationTime();
            }
        });
    }

    /**
     * Applies a record of {@code hearth.server.metadata} or {@code hearth.server.deployments} ({@code value} null
     * for a tombstone); records of other types are skipped.
     *
     * @return what changed, or null when the server's document did not
     */
    public Change apply(String topic, String key, String value) {
        return apply(topic, key, value == null ? null : CloudEvent.parse(value));
    }

    /** {@link #apply(String, String, String)} of a record's parsed envelope (null for a tombstone). */
    public Change apply(String topic, String key, CloudEvent event) {
        boolean deployments = Topics.SERVER_DEPLOYMENTS.equals(topic);
        if (event == null) {
            if (deployments) {
                forget(ServerDeployment.serverOf(key), ServerDeployment.deploymentOf(key));
                return null;
            }
            deleted(key);
            return new Change(key, null);
        }
        JsonNode data = event.data();
        if (data == null) {
            return null;
        }
        if (deployments && ServerDeployment.TYPE.equals(event.type())) {
            String serverId = text(data, "serverId", ServerDeployment.serverOf(key));
            String deploymentId = text(data, "deploymentId", ServerDeployment.deploymentOf(key));
            JsonNode item = data.get("item");
            boolean changed = item(serverId, text(data, "stackId", null), text(data, "tenant", null), deploymentId,
                    data.path("generation").asLong(), item == null || item.isNull() ? null : items.read(item));
            return changed ? new Change(serverId, deploymentId) : null;
        }
        if (!deployments && ServerMetadata.TYPE.equals(event.type())) {
            String serverId = text(data, "serverId", key);
            List<I> listed = new ArrayList<>();
            data.path("deployments").forEach(item -> listed.add(items.read(item)));
            boolean changed = part(serverId, text(data, "stackId", null), text(data, "tenant", null),
                    data.path("generation").asLong(), text(data, "check", null), listed);
            return changed ? new Change(serverId, null) : null;
        }
        return null;
    }

    private static String text(JsonNode data, String field, String fallback) {
        JsonNode node = data.get(field);
        return node == null || node.isNull() ? fallback : node.asText();
    }

    /** Heat's order of a server's items: config name, then creation time, then deployment id. */
    public static <I> Comparator<I> heatOrder(Function<I, String> name, Function<I, Instant> created,
            Function<I, String> deploymentId) {
        return Comparator.<I, String>comparing(i -> Objects.toString(name.apply(i), ""))
                .thenComparing(created, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparing(i -> Objects.toString(deploymentId.apply(i), ""));
    }

    /**
     * A server part: its stack, tenant and check, when newer than the part held. {@code deployments}, when not
     * empty (a whole document, as publishers before {@code hearth.server.deployments} wrote it), are the server's
     * items as of {@code generation}: they replace every older entry, and an older entry not listed is removed.
     *
     * @return whether the server's document changed
     */
    public boolean part(String serverId, String stackId, String tenant, long generation, String check,
            List<I> deployments) {
        Server<I> server = servers.get(serverId);
        if (server == null || server.deleted) {
            // new, or deployed to again after its deletion: a new row whose generations start anew
            server = new Server<>();
            servers.put(serverId, server);
        }
        boolean changed = false;
        if (generation > server.partGeneration) {
            server.partGeneration = generation;
            server.stackId = stackId;
            server.tenant = tenant;
            server.check = check;
            changed = true;
        }
        if (deployments != null && !deployments.isEmpty()) {
            Map<String, I> listed = new HashMap<>();
            deployments.forEach(item -> listed.put(items.deploymentId(item), item));
            for (var entry : List.copyOf(server.entries.entrySet())) {
                if (!listed.containsKey(entry.getKey()) && entry.getValue().generation() < generation) {
                    server.entries.put(entry.getKey(), new Entry<>(generation, null));
                    changed = true;
                }
            }
            for (var item : listed.entrySet()) {
                changed |= put(server, item.getKey(), generation, item.getValue());
            }
        }
        server.generation = Math.max(server.generation, generation);
        return changed;
    }

    /**
     * A deployment's record: its item (null when it left the server) as of {@code generation}, unless its entry
     * is as new already. {@code stackId} and {@code tenant} are the server's, for a server whose part is not seen
     * yet.
     *
     * @return whether the server's document changed
     */
    public boolean item(String serverId, String stackId, String tenant, String deploymentId, long generation,
            I item) {
        Server<I> server = servers.get(serverId);
        if (server == null && item == null) {
            return false;
        }
        if (server != null && server.deleted) {
            return false; // a record from before the server's deletion, late from another partition
        }
        if (server == null) {
            server = new Server<>();
            servers.put(serverId, server);
        }
        boolean changed = put(server, deploymentId, generation, item);
        if (changed && server.partGeneration < 0 && generation >= server.generation) {
            server.stackId = stackId; // no part seen: the server's as its newest record says
            server.tenant = tenant;
        }
        server.generation = Math.max(server.generation, generation);
        return changed;
    }

    /** A tombstone of a deployment's key (after its removal, or its server's deletion): its entry is forgotten. */
    public void forget(String serverId, String deploymentId) {
        Server<I> server = servers.get(serverId);
        if (server != null) {
            Entry<I> entry = server.entries.get(deploymentId);
            if (entry != null) {
                server.entries.remove(deploymentId);
            }
        }
    }

    /**
     * A tombstone of a server's part: the server is gone, with its items.
     *
     * @return the ids of the deployments it listed
     */
    public List<String> deleted(String serverId) {
        Server<I> server = servers.computeIfAbsent(serverId, id -> new Server<>());
        List<String> listed = server.entries.entrySet().stream().filter(e -> e.getValue().item() != null)
                .map(Map.Entry::getKey).toList();
        server.deleted = true;
        server.entries.clear();
        server.check = null;
        return listed;
    }

    /** The deployment's item in its server's document now, or null when it lists none. */
    public I item(String serverId, String deploymentId) {
        Server<I> server = servers.get(serverId);
        Entry<I> entry = server == null ? null : server.entries.get(deploymentId);
        return entry == null ? null : entry.item();
    }

    /** The server's document as assembled now, or null when nothing of it was seen. */
    public Document<I> document(String serverId) {
        Server<I> server = servers.get(serverId);
        if (server == null) {
            return null;
        }
        List<I> listed = new ArrayList<>(server.entries.size());
        server.entries.values().forEach(entry -> {
            if (entry.item() != null) {
                listed.add(entry.item());
            }
        });
        listed.sort(order);
        return new Document<>(serverId, server.stackId, server.tenant, server.generation, server.check,
                server.deleted, List.copyOf(listed));
    }

    private static <I> boolean put(Server<I> server, String deploymentId, long generation, I item) {
        Entry<I> held = server.entries.get(deploymentId);
        if (held != null && held.generation() >= generation) {
            return false;
        }
        server.entries.put(deploymentId, new Entry<>(generation, item));
        return true;
    }
}
