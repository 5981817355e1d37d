package io.hearth.notifier.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged.Member;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.notifier.config.NotifierConfig;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps each group's CREATE_COMPLETE members from {@code hearth.instance.lifecycle}, inside the processor's
 * transaction: a server of a group entering CREATE_COMPLETE joins it, one leaving it (any other state) leaves. A
 * change marks the group dirty and sets when {@link io.hearth.notifier.membership.MembershipPublisher} takes it:
 * the window after this change, at most the bound after the group's first unpublished change. An event that changes
 * no member (a server in no group, a server leaving a group it was not in) changes nothing.
 */
@ApplicationScoped
public class MembershipHandler {

    /** The event types this handler acts on. */
    public static final Set<String> TYPES = Set.of(InstanceStateChanged.TYPE);

    /**
     * One statement per event: creates the group's row or changes its members ({@code :entry} is the joining
     * member as {@code {"<server id>": member}}, or {@code {}} when the server leaves), only when they change.
     * The entry is bound as text first: the reactive client would send a String bound as jsonb as a JSON string.
     */
    private static final String APPLY = "insert into {h-schema}membership_group as g"
            + " (group_stack_id, group_name, tenant, members, dirty_since, due_at)"
            + " values (:stack, :group, :tenant, cast(cast(:entry as text) as jsonb), :now, :quietAt)"
            + " on conflict (group_stack_id, group_name) do update"
            + " set members = (g.members - cast(:server as text)) || excluded.members,"
            + " dirty_since = coalesce(g.dirty_since, excluded.dirty_since),"
            + " due_at = least(excluded.due_at, coalesce(g.dirty_since, excluded.dirty_since)"
            + " + cast(:boundMillis as bigint) * interval '1 millisecond')"
            + " where g.members is distinct from (g.members - cast(:server as text)) || excluded.members";

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
        String entry = HearthJson.write(member ? Map.of(change.serverId(),
                new Member(change.serverId(), change.resourceName(), change.address())) : Map.of());
        Instant now = Instant.now();
        return Panache.getSession().chain(session -> session.createNativeQuery(APPLY)
                .setParameter("stack", change.groupStackId())
                .setParameter("group", change.groupName())
                .setParameter("tenant", change.tenant())
                .setParameter("entry", entry)
                .setParameter("server", change.serverId())
                .setParameter("now", now)
                .setParameter("quietAt", now.plus(config.membershipWindow()))
                .setParameter("boundMillis", config.membershipBound().toMillis())
                .executeUpdate())
                .replaceWithVoid();
    }
}
