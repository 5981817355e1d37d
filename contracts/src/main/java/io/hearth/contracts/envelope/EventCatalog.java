package io.hearth.contracts.envelope;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.DriverHeartbeat;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.metric.v1.AlarmStateChanged;
import io.hearth.contracts.metric.v1.MetricAlarmDefined;
import io.hearth.contracts.metric.v1.MetricAlarmDeleted;
import io.hearth.contracts.metric.v1.MetricReported;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.NestedStackSettled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.NestedStackUpdated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackEventBatch;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Every event type of Hearth: its wire type, record, and the topic it travels on. */
public final class EventCatalog {

    /**
     * One event type.
     *
     * @param type   the CloudEvents type, {@code io.hearth.<context>.<event>.v1}
     * @param record the Java record of its data
     * @param topic  the topic it is published to
     */
    public record Entry(String type, Class<?> record, String topic) {
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry(StackCreateRequested.TYPE, StackCreateRequested.class, Topics.STACK_COMMANDS),
            new Entry(StackUpdateRequested.TYPE, StackUpdateRequested.class, Topics.STACK_COMMANDS),
            new Entry(StackDeleteRequested.TYPE, StackDeleteRequested.class, Topics.STACK_COMMANDS),
            new Entry(StackActionRequested.TYPE, StackActionRequested.class, Topics.STACK_COMMANDS),
            new Entry(StackAbandonRequested.TYPE, StackAbandonRequested.class, Topics.STACK_COMMANDS),
            new Entry(StackAdoptRequested.TYPE, StackAdoptRequested.class, Topics.STACK_COMMANDS),
            new Entry(NestedStackCreated.TYPE, NestedStackCreated.class, Topics.STACK_EVENTS),
            new Entry(NestedStackUpdated.TYPE, NestedStackUpdated.class, Topics.STACK_EVENTS),
            new Entry(StackStatusChanged.TYPE, StackStatusChanged.class, Topics.STACK_EVENTS),
            new Entry(StackOutputsChanged.TYPE, StackOutputsChanged.class, Topics.STACK_EVENTS),
            new Entry(ResourceStatusChanged.TYPE, ResourceStatusChanged.class, Topics.STACK_EVENTS),
            new Entry(DeploymentStatusChanged.TYPE, DeploymentStatusChanged.class, Topics.STACK_EVENTS),
            new Entry(StackEventBatch.TYPE, StackEventBatch.class, Topics.STACK_EVENTS),
            new Entry(ServerMetadata.TYPE, ServerMetadata.class, Topics.SERVER_METADATA),
            new Entry(ServerDeployment.TYPE, ServerDeployment.class, Topics.SERVER_DEPLOYMENTS),
            new Entry(DeploymentSignalled.TYPE, DeploymentSignalled.class, Topics.SIGNALS),
            new Entry(DeploymentProgressed.TYPE, DeploymentProgressed.class, Topics.SIGNALS),
            new Entry(ServerCheckedIn.TYPE, ServerCheckedIn.class, Topics.SIGNALS),
            new Entry(WaitConditionSignalled.TYPE, WaitConditionSignalled.class, Topics.SIGNALS),
            new Entry(DataBagChanged.TYPE, DataBagChanged.class, Topics.SIGNALS),
            new Entry(NestedStackSettled.TYPE, NestedStackSettled.class, Topics.SIGNALS),
            new Entry(InstanceStateChanged.TYPE, InstanceStateChanged.class, Topics.INSTANCE_LIFECYCLE),
            new Entry(MembershipChanged.TYPE, MembershipChanged.class, Topics.MEMBERSHIP),
            new Entry(ScalingRequested.TYPE, ScalingRequested.class, Topics.SCALING),
            new Entry(ServerDesired.TYPE, ServerDesired.class, Topics.COMPUTE_SERVERS),
            new Entry(ServerReported.TYPE, ServerReported.class, Topics.COMPUTE_STATUS),
            new Entry(DriverHeartbeat.TYPE, DriverHeartbeat.class, Topics.COMPUTE_STATUS),
            new Entry(MetricReported.TYPE, MetricReported.class, Topics.METRICS),
            new Entry(MetricAlarmDefined.TYPE, MetricAlarmDefined.class, Topics.METRICS),
            new Entry(MetricAlarmDeleted.TYPE, MetricAlarmDeleted.class, Topics.METRICS),
            new Entry(AlarmStateChanged.TYPE, AlarmStateChanged.class, Topics.STACK_EVENTS));

    private static final Map<Class<?>, Entry> BY_RECORD = ENTRIES.stream()
            .collect(Collectors.toUnmodifiableMap(Entry::record, Function.identity()));
    private static final Map<String, Entry> BY_TYPE = ENTRIES.stream()
            .collect(Collectors.toUnmodifiableMap(Entry::type, Function.identity()));

    private EventCatalog() {
    }

    /** Every catalogued event type. */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    /** The entry of a record class; fails for a class that is not an event. */
    public static Entry of(Class<?> record) {
        Entry entry = BY_RECORD.get(record);
        if (entry == null) {
            throw new IllegalArgumentException(record.getName() + " is not a catalogued Hearth event");
        }
        return entry;
    }

    /** The CloudEvents type of a record class. */
    public static String typeOf(Class<?> record) {
        return of(record).type();
    }

    /** The entry of a wire type, or null for a type this version does not know. */
    public static Entry byType(String type) {
        return BY_TYPE.get(type);
    }
}
