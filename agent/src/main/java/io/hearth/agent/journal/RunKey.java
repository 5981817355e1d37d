package io.hearth.agent.journal;

/**
 * What the journal keys on: one run of a deployment.
 *
 * @param deploymentId the deployment's id
 * @param action       its {@code deploy_action} (CREATE, UPDATE, CONTEXTUALIZE, ...)
 * @param generation   the item's generation
 */
public record RunKey(String deploymentId, String action, long generation) {

    /** The journal folder's name: {@code <id>_<action>_<generation>}, unsafe characters replaced by '-'. */
    public String dirName() {
        return safe(deploymentId) + "_" + safe(action) + "_" + generation;
    }

    @Override
    public String toString() {
        return deploymentId + " " + action + " generation " + generation;
    }

    private static String safe(String text) {
        String cleaned = text.replaceAll("[^A-Za-z0-9.-]", "-");
        return cleaned.isEmpty() || cleaned.startsWith(".") ? "-" + cleaned : cleaned;
    }
}
