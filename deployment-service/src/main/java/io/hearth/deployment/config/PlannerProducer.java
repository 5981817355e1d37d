package io.hearth.deployment.config;

import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The {@code hot} planner as a bean: nested stacks (template resources, {@code OS::Heat::Stack}, groups) are
 * planned at run time, under the engine's evaluation limits, their templates read under Heat's default limits.
 */
@Singleton
public class PlannerProducer {

    @Produces
    @Singleton
    StackPlanner planner(DeploymentConfig config) {
        return new StackPlanner(config.evaluation(), new TemplateReader());
    }
}
