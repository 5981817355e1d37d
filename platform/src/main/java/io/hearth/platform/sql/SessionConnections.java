package io.hearth.platform.sql;

import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.mutiny.impl.MutinySessionImpl;
import org.hibernate.reactive.pool.ReactiveConnection;
import org.hibernate.reactive.session.ReactiveSession;

/**
 * What lies behind a Hibernate Reactive session: its connection, on which statements run in the session's
 * transaction without Hibernate's parsing of native queries and without an automatic flush (so only for statements
 * that do not read the session's unflushed entities), and which sends statements issued together as one pipeline
 * (one round trip); and its action queue, where work can wait for the commit.
 */
public final class SessionConnections {

    private SessionConnections() {
    }

    /** The implementation behind the session's API. */
    public static ReactiveSession reactive(Mutiny.Session session) {
        if (session instanceof MutinySessionImpl implementation) {
            return implementation.unwrap(ReactiveSession.class);
        }
        throw new IllegalStateException("not a Hibernate Reactive session: " + session.getClass().getName());
    }

    /** The session's connection, inside its transaction when it has one. */
    public static ReactiveConnection connection(Mutiny.Session session) {
        return reactive(session).getReactiveConnection();
    }
}
