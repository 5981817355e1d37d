package io.hearth.deployment.engine;

import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.handlers.ResourceCall;
import io.hearth.deployment.handlers.ServerHandler;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Objects;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Applies servers' check-ins: the first check-in of a server whose create waits completes it, and the
 * stack goes on (its dependents start). A check-in for a server that is up already changes nothing; one
 * with a new boot id means the instance rebooted, which is only logged so far.
 */
@ApplicationScoped
public class ServerCheckIns {

    private static final Logger LOG = Logger.getLogger(ServerCheckIns.class);

    private final StackEngine engine;
    private final ServerHandler servers;

    public ServerCheckIns(StackEngine engine, ServerHandler servers) {
        this.engine = engine;
        this.servers = servers;
    }

    /** Applies one check-in inside the caller's transaction, with the stack's row locked. */
    public Uni<Void> checkedIn(ServerCheckedIn checkIn) {
        return StackState.load(UUID.fromString(checkIn.stackId())).chain(state -> {
            if (state == null) {
                LOG.warnf("check-in of server %s for unknown stack %s ignored", checkIn.serverId(), checkIn.stackId());
                return Uni.createFrom().voidItem();
            }
            ResourceRuntime row = state.rows().stream()
                    .filter(r -> checkIn.serverId().equals(r.physicalId) && servers.types().contains(r.type))
                    .findFirst().orElse(null);
            if (row == null) {
                LOG.warnf("check-in of unknown server %s in stack %s ignored", checkIn.serverId(), checkIn.stackId());
                return Uni.createFrom().voidItem();
            }
            if ("CREATE_IN_PROGRESS".equals(row.state())) {
                return servers.checkedIn(ResourceCall.of(state.stack(), row), checkIn)
                        .chain(outcome -> engine.finishWaiting(state, row, outcome));
            }
            String bootId = ServerHandler.bootId(row);
            if ("COMPLETE".equals(row.status) && bootId != null && !Objects.equals(bootId, checkIn.bootId())) {
                LOG.infof("server %s (%s in stack %s) rebooted: boot id %s, was %s; nothing to do yet",
                        checkIn.serverId(), row.name, checkIn.stackId(), checkIn.bootId(), bootId);
            } else {
                LOG.infof("server %s (%s in stack %s) is %s; check-in of boot %s ignored", checkIn.serverId(),
                        row.name, checkIn.stackId(), row.state(), checkIn.bootId());
            }
            return Uni.createFrom().voidItem();
        });
    }
}
