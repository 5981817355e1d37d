package io.hearth.template.config;

import io.hearth.template.template.read.TemplateReader;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The one {@link TemplateReader} the service uses, holding documents to the configured limits. */
@Singleton
public class TemplateReaderProducer {

    @Produces
    @Singleton
    TemplateReader reader(TemplateLimits limits) {
        return new TemplateReader(limits.options());
    }
}
