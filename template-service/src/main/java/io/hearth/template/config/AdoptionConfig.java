package io.hearth.template.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * Abandon and adopt (Heat's {@code enable_stack_abandon} and {@code enable_stack_adopt}, which Heat leaves off;
 * Hearth has them on). {@code hearth.stacks.*}.
 */
@ConfigMapping(prefix = "hearth.stacks")
public interface AdoptionConfig {

    /** Whether {@code DELETE .../abandon} is served; off, it is Heat's 400 {@code NotSupported}. */
    @WithDefault("true")
    boolean enableAbandon();

    /** Whether a create with {@code adopt_stack_data} is served; off, it is Heat's 400 {@code NotSupported}. */
    @WithDefault("true")
    boolean enableAdopt();

    /** How long abandon data can be adopted: its signature expires then. */
    @WithDefault("P3650D")
    Duration adoptWithin();
}
