package io.hearth.contracts.compute.v1;

/**
 * A compute driver should resume a server (Nova's resume): its agent runs and polls again and checks in, as
 * after a start.
 * The stack's RESUME sends it before the server's deployments run their RESUME.
 *
 * @param serverId the server's id
 * @param stackId  the stack's id
 * @param tenant   the owning tenant
 */
public record ResumeInstance(String serverId, String stackId, String tenant) {
    public static final String TYPE = "io.hearth.compute.resume-instance.v1";
}
