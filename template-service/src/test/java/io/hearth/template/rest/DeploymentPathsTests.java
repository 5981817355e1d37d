package io.hearth.template.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which paths the public endpoint forwards to deployment-service ({@link UpstreamRoutes#DEPLOYMENT_PATHS}). */
class DeploymentPathsTests {

    @Test
    void instanceNotificationsGoToDeploymentServiceBesideConfigsAndDeployments() {
        assertThat("/v1/demo/instance_notifications").matches(UpstreamRoutes.DEPLOYMENT_PATHS);
        assertThat("/v1/demo/software_deployments/abc").matches(UpstreamRoutes.DEPLOYMENT_PATHS);
        assertThat("/v1/demo/instance_notifications_old").doesNotMatch(UpstreamRoutes.DEPLOYMENT_PATHS);
        assertThat("/v1/demo/stacks/s/1/resources/g/instance_notifications").doesNotMatch(
                UpstreamRoutes.DEPLOYMENT_PATHS);
    }

    @Test
    void adHocActionsGoToDeploymentService() {
        assertThat("/v1/demo/software_deployments/abc/actions").matches(UpstreamRoutes.DEPLOYMENT_PATHS);
        assertThat("/v1/demo/software_deployments/abc/runs").matches(UpstreamRoutes.DEPLOYMENT_PATHS);
        assertThat("/v1/demo/stacks/s/1/resources/group/actions").matches(UpstreamRoutes.RESOURCE_ACTION_PATHS);
        assertThat("/v1/demo/stacks/s/resources/group/actions").doesNotMatch(UpstreamRoutes.RESOURCE_ACTION_PATHS);
        assertThat("/v1/demo/stacks/s/1/actions").doesNotMatch(UpstreamRoutes.RESOURCE_ACTION_PATHS);
    }
}
