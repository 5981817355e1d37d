package io.hearth.template.config;

import io.hearth.hot.TemplateParser;
import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.ReaderOptions;
import io.hearth.hot.read.TemplateReader;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The {@code hot} module's plain-Java objects as the service's beans, each under the configured
 * {@link TemplateLimits}: the one {@link TemplateReader} documents are read with, the {@link TemplateParser}
 * that holds templates sent as JSON objects to the same limits, and the {@link StackPlanner} that evaluates
 * under the evaluation limits.
 */
@Singleton
public class HotProducer {

    @Produces
    @Singleton
    ReaderOptions limits(TemplateLimits limits) {
        return limits.options();
    }

    @Produces
    @Singleton
    EvaluationLimits evaluationLimits(TemplateLimits limits) {
        return limits.evaluation();
    }

    @Produces
    @Singleton
    TemplateReader reader(ReaderOptions limits) {
        return new TemplateReader(limits);
    }

    @Produces
    @Singleton
    TemplateParser parser(ReaderOptions limits) {
        return new TemplateParser(limits);
    }

    @Produces
    @Singleton
    StackPlanner planner(EvaluationLimits limits) {
        return new StackPlanner(limits);
    }
}
