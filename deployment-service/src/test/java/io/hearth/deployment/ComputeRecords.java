package io.hearth.deployment;

import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.CloudEvent;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads servers' desired states from records of {@code hearth.compute.servers}, as a compute driver would. */
final class ComputeRecords {

    private ComputeRecords() {
    }

    /** The desired states of a stack's servers, in the order published (tombstones left out). */
    static List<ServerDesired> desired(List<ConsumerRecord<String, String>> records, String stackId) {
        return records.stream().filter(r -> r.value() != null).map(r -> CloudEvent.parse(r.value()))
                .filter(e -> ServerDesired.TYPE.equals(e.type())).map(e -> e.dataAs(ServerDesired.class))
                .filter(d -> stackId.equals(d.stackId())).toList();
    }

    /** The specs of a stack's new servers (generation 1, ACTIVE), in the order published. */
    static List<ServerSpec> creates(List<ConsumerRecord<String, String>> records, String stackId) {
        return desired(records, stackId).stream()
                .filter(d -> d.generation() == 1 && d.desired() == ServerDesired.State.ACTIVE)
                .map(ServerDesired::spec).toList();
    }
}
