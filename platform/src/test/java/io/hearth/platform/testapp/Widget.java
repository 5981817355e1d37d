package io.hearth.platform.testapp;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import java.util.UUID;

/** A business row of the test application. */
@Entity
public class Widget extends PanacheEntityBase {
    @Id
    public UUID id;
    public String name;
}
