package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/**
 * A stored software config, as Heat's software_configs API shows it. Immutable: a changed config
 * is a new row, and the old one is deleted. The JSON columns are cast in SQL: Hibernate Reactive's JSON
 * type binds JSON objects only, and a config may be text or a list.
 */
@Entity
@Table(name = "software_config")
public class SoftwareConfig extends PanacheEntityBase {

    @Id
    public UUID id;
    public String tenant;
    public String name;

    /** Heat's {@code group}: the hook that applies the config. */
    @Column(name = "config_group")
    public String group;

    /** The config: a string, or a structure (StructuredConfig, SoftwareComponent), as JSON. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "config::text", write = "?::text::jsonb")
    public String config;

    /** Input definitions as JSON, Heat's defaults applied. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "inputs::text", write = "?::text::jsonb")
    public String inputs;

    /** Output definitions as JSON, Heat's defaults applied. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "outputs::text", write = "?::text::jsonb")
    public String outputs;

    /** Tool-specific options as a JSON map. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "options::text", write = "?::text::jsonb")
    public String options;

    @Column(name = "created_at")
    public Instant createdAt;
}
