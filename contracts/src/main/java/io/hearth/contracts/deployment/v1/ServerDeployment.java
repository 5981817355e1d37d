package io.hearth.contracts.deployment.v1;

/**
 * One deployment's item of a server's metadata document, written to the compacted {@code hearth.server.deployments}
 * keyed by {@link #key(String, String)} whenever the item changes (a create, a new generation, a cancel); when the
 * deployment leaves the server, a record with no item (the removal, with its generation) followed by a tombstone of
 * the key. The server's document is its {@link ServerMetadata} (on {@code hearth.server.metadata}) with every item
 * of its deployments, in Heat's order ({@code io.hearth.contracts.deployment.ServerMetadataAssembly}).
 *
 * @param serverId     the server's id
 * @param stackId      the server's stack, may be null
 * @param tenant       the server's tenant
 * @param deploymentId the deployment's id
 * @param generation   the server's document generation this change made (every change of a server's document,
 *                     of an item or of its server part, takes the next one)
 * @param item         the deployment's item, or null when the deployment left the server
 */
public record ServerDeployment(String serverId, String stackId, String tenant, String deploymentId, long generation,
        DeploymentItem item) {
    public static final String TYPE = "io.hearth.deployment.server-deployment.v1";

    /** The Kafka key of a deployment's record: {@code serverId/deploymentId}. */
    public static String key(String serverId, String deploymentId) {
        return serverId + "/" + deploymentId;
    }

    /** The server id of a key made by {@link #key}. */
    public static String serverOf(String key) {
        int slash = key.lastIndexOf('/');
        return slash < 0 ? key : key.substring(0, slash);
    }

    /** The deployment id of a key made by {@link #key}. */
    public static String deploymentOf(String key) {
        return key.substring(key.lastIndexOf('/') + 1);
    }
}
