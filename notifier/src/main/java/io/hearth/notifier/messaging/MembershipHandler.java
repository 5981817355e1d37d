package io.hearth.notifier.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.notifier.config.NotifierConfig;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Keeps each group's CREATE_COMPLETE members from {@code hearth.instance.lifecycle}, inside the processor's
 * transaction: a server of a group entering CREATE_COMPLETE joins it, one leaving it (any other state) leaves. A
 * change marks the group dirty and sets when {@link io.hearth.notifier.membership.MembershipPublisher} takes it:
 * the window after this change, at most the bound after the group's first unpublished change. An event that changes
 * no member (a server in no group, a server leaving a group it was not in) changes nothing.
 *
 * <p>A member that is a template resource is listed with its stack's outputs once that stack completed
 * ({@code member_stack}, from {@code hearth.stack.events}: {@link #handleStackEvents}); new outputs of a member stack
 * mark its group dirty the same way. The group resource's own status events there mark the group acting while it
 * creates, scales, updates or deletes its members: the publisher holds its changes until the action ends (at most
 * {@code hearth.notifier.membership-hold}), so a scaling step is one generation.
 */
@ApplicationScoped
public class MembershipHandler {

    /** The event types this handler acts on. */
    public static final Set<String> TYPES = Set.of(InstanceStateChanged.TYPE);

    /** The dirty mark of a changed group: the window from now, at most the bound after its first unpublished change. */
    private static final String DIRTY = "dirty_since = coalesce(g.dirty_since, :now),"
            + " due_at = least(:quietAt, coalesce(g.dirty_since, :now)"
            + " + cast(:boundMillis as bigint) * interval '1 millisecond')";

    /**
     * One statement per event: creates the group's row or changes its members ({@code :entry} is the joining
     * member as {@code {"<server id>": member}}, or {@code {}} when the server leaves), only when they change.
     * The entry is bound as text first: the reactive client would send a String bound as jsonb as a JSON string.
     */
    private static final String APPLY = "insert into {h-schema}membership_group as g"
            + " (group_stack_id, group_name, tenant, members, dirty_since, due_at, root_stack_id)"
            + " values (:stack, :group, :tenant, cast(cast(:entry as text) as jsonb), :now, :quietAt, cast(:root as text))"
            + " on conflict (group_stack_id, group_name) do update"
            + " set members = (g.members - cast(:server as text)) || excluded.members,"
            + " root_stack_id = coalesce(excluded.root_stack_id, g.root_stack_id),"
            + " " + DIRTY
            + " where g.members is distinct from (g.members - cast(:server as text)) || excluded.members";

    /** The group a member stack belongs to, as its server names it. */
    private static final String MEMBER_STACK = "insert into {h-schema}member_stack as m"
            + " (stack_id, group_stack_id, group_name) values (:stack, :groupStack, :group)"
            + " on conflict (stack_id) do update set group_stack_id = excluded.group_stack_id,"
            + " group_name = excluded.group_name";

    /** A stack's newer, different outputs; marks the group of which it is a member stack dirty. */
    private static final String OUTPUTS = "with changed as (insert into {h-schema}member_stack as m"
            + " (stack_id, outputs, version) values (:stack, cast(cast(:outputs as text) as jsonb), :version)"
            + " on conflict (stack_id) do update set outputs = excluded.outputs, version = excluded.version"
            + " where m.version < excluded.version and m.outputs is distinct from excluded.outputs"
            + " returning m.group_stack_id, m.group_name)"
            + " update {h-schema}membership_group g set " + DIRTY
            + " from changed where g.group_stack_id = changed.group_stack_id and g.group_name = changed.group_name";

    private static final String DELETED = "delete from {h-schema}member_stack where stack_id = :stack";

    /**
     * The group resource started or ended an action: its row (made when there is none yet) is marked acting or
     * not; when an action ends, the changes held during it are due at once.
     */
    private static final String ACTING = "insert into {h-schema}membership_group as g"
            + " (group_stack_id, group_name, tenant, acting) values (:stack, :group, :tenant, :acting)"
            + " on conflict (group_stack_id, group_name) do update set acting = excluded.acting,"
            + " due_at = case when excluded.acting or g.dirty_since is null then g.due_at else least(g.due_at, :now) end"
            + " where g.acting is distinct from excluded.acting";

    private final NotifierConfig config;

    public MembershipHandler(NotifierConfig config) {
        this.config = config;
    }

    /** Applies events in their order (a server's events share its stack's key, so they come in order). */
    public Uni<Void> handle(List<CloudEvent> events) {
        return Multi.createFrom().iterable(events)
                .onItem().transformToUniAndConcatenate(event -> apply(event.dataAs(InstanceStateChanged.class)))
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> apply(InstanceStateChanged change) {
        if (change.groupName() == null || change.groupStackId() == null) {
            return Uni.createFrom().voidItem();
        }
        boolean member = Action.CREATE.with(Status.COMPLETE).equals(change.state());
        // the Member of MembershipChanged, less its outputs, plus the member stack they come from
        Map<String, Object> joining = new LinkedHashMap<>();
        joining.put("serverId", change.serverId());
        joining.put("resourceName", change.resourceName());
        joining.put("address", change.address());
        if (change.memberStackId() != null) {
            joining.put("memberStackId", change.memberStackId());
        }
        String entry = HearthJson.write(member ? Map.of(change.serverId(), joining) : Map.of());
        Instant now = Instant.now();
        return Panache.getSession().chain(session -> {
            Uni<Integer> memberStack = change.memberStackId() == null ? Uni.createFrom().item(0)
                    : session.createNativeQuery(MEMBER_STACK)
                            .setParameter("stack", change.memberStackId())
                            .setParameter("groupStack", change.groupStackId())
                            .setParameter("group", change.groupName())
                            .executeUpdate();
            return memberStack.chain(() -> dirty(session.createNativeQuery(APPLY), now)
                    .setParameter("stack", change.groupStackId())
                    .setParameter("group", change.groupName())
                    .setParameter("tenant", change.tenant())
                    .setParameter("entry", entry)
                    .setParameter("server", change.serverId())
                    .setParameter("root", change.rootStackId())
                    .executeUpdate());
        }).replaceWithVoid();
    }

    /**
     * Records the outputs of completed stacks from {@code hearth.stack.events} (a StackStatusChanged with outputs, a
     * StackOutputsChanged), in their order, forgets a stack whose DELETE completed, and marks a group acting or not
     * by its resource's status (a ResourceStatusChanged of a group type); other events change nothing.
     */
    public Uni<Void> handleStackEvents(List<CloudEvent> events) {
        return Multi.createFrom().iterable(events)
                .onItem().transformToUniAndConcatenate(this::applyStackEvent)
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> applyStackEvent(CloudEvent event) {
        if (ResourceStatusChanged.TYPE.equals(event.type())) {
            ResourceStatusChanged change = event.dataAs(ResourceStatusChanged.class);
            return MembershipChanged.GROUP_TYPES.contains(change.resourceType())
                    && !ResourceStatusChanged.SIGNAL.equals(change.action()) ? acting(change)
                    : Uni.createFrom().voidItem();
        }
        if (StackOutputsChanged.TYPE.equals(event.type())) {
            StackOutputsChanged change = event.dataAs(StackOutputsChanged.class);
            return outputs(change.stackId(), change.outputs(), change.version());
        }
        if (!StackStatusChanged.TYPE.equals(event.type())) {
            return Uni.createFrom().voidItem();
        }
        StackStatusChanged change = event.dataAs(StackStatusChanged.class);
        if (Action.DELETE.with(Status.COMPLETE).equals(change.stackStatus())) {
            return Panache.getSession().chain(session -> session.createNativeQuery(DELETED)
                    .setParameter("stack", change.stackId()).executeUpdate()).replaceWithVoid();
        }
        return change.outputs() == null ? Uni.createFrom().voidItem()
                : outputs(change.stackId(), change.outputs(), change.version());
    }

    private Uni<Void> acting(ResourceStatusChanged group) {
        return Panache.getSession().chain(session -> session.createNativeQuery(ACTING)
                .setParameter("stack", group.stackId())
                .setParameter("group", group.resourceName())
                .setParameter("tenant", group.tenant())
                .setParameter("acting", Status.IN_PROGRESS.name().equals(group.status()))
                .setParameter("now", Instant.now())
                .executeUpdate()).replaceWithVoid();
    }

    private Uni<Void> outputs(String stackId, Map<String, ?> outputs, long version) {
        return Panache.getSession().chain(session -> dirty(session.createNativeQuery(OUTPUTS), Instant.now())
                .setParameter("stack", stackId)
                .setParameter("outputs", HearthJson.write(outputs))
                .setParameter("version", version)
                .executeUpdate()).replaceWithVoid();
    }

    /** Binds the parameters of {@link #DIRTY}. */
    private Mutiny.Query<?> dirty(Mutiny.Query<?> query, Instant now) {
        return query.setParameter("now", now)
                .setParameter("quietAt", now.plus(config.membershipWindow()))
                .setParameter("boundMillis", config.membershipBound().toMillis());
    }
}
