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
}
