package io.hearth.template.config;

import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.template.template.read.ReaderOptions;
import io.hearth.template.template.read.TemplateReader;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The configured limits, the one {@link TemplateReader} the service reads documents with under them, and
 * the limits templates are evaluated under.
 */
@Singleton
public class TemplateReaderProducer {

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
}
