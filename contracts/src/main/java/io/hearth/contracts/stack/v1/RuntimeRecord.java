package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * Hearth's own part of a resource's abandon data (Heat's per-resource {@code resource_data}, under the key
 * {@code hearth}): what deployment-service needs to take the resource back without creating it again. It is the
 * resource's runtime row, and the rows of the software config, software deployment or server it owns, as they
 * were when the stack was abandoned. Written by deployment-service's runtime export, signed by
 * template-service with the tenant and the stack id in the abandon data ({@code hearth_signature}), carried back in
 * {@link StackAdoptRequested}.
 *
 * @param version     the record's format, {@link #VERSION}
 * @param type        the resource's type
 * @param action      its action when abandoned (CREATE, UPDATE, ADOPT, CHECK...)
 * @param status      its status when abandoned (COMPLETE, FAILED)
 * @param physicalId  Heat's {@code resource_id}
 * @param referenceId what {@code get_resource} returned; null for the resource's name
 * @param attributes  attribute values by name
 * @param data        the handler's private data (a server's metadata URL, a random string's value...)
 * @param properties  the properties as last applied, defaults included
 * @param dependsOn   the names it depended on when last applied
 * @param config      the software config the resource owns (a SoftwareConfig's), or null
 * @param deployment  the software deployment the resource owns (a SoftwareDeployment's), or null
 * @param server      the metadata document of the server the resource is (a server's), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RuntimeRecord(int version, String type, String action, String status, String physicalId,
        String referenceId, JsonNode attributes, JsonNode data, JsonNode properties, List<String> dependsOn,
        Config config, Deployment deployment, Server server) {

    /** The format this record has; an adopt of another is refused. */
    public static final int VERSION = 1;

    /** A software config row (Heat's software_configs API shows it). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Config(String id, String name, String group, JsonNode config, JsonNode inputs, JsonNode outputs,
            JsonNode options, Instant createdAt) {
    }

    /**
     * A software deployment row with its generation: adopted as it is, so the server's metadata document is the
     * same and the agent runs nothing again.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Deployment(String id, String serverId, String configId, JsonNode inputValues,
            JsonNode outputValues, String action, String status, String statusReason, String signalTransport,
            String inputKey, String stackUserProjectId, long generation, Instant signalExpiresAt,
            Instant createdAt, Instant updatedAt) {
    }

    /** A server's metadata document and its generation, as last published. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Server(String serverId, long generation, String document) {
    }
}
