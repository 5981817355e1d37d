-- The outputs of group members that are template resources. A server of such a member sits in the member's own
-- nested stack; hearth.instance.lifecycle names that stack (memberStackId) and the membership entry keeps it, and
-- the member is listed, with these outputs, once its stack completed (outputs not null). Every stack's outputs
-- are recorded from hearth.stack.events as they complete (StackStatusChanged with outputs, StackOutputsChanged),
-- since that topic and the lifecycle topic may be read in either order; group_stack_id and group_name are set
-- when a server names the stack as its member stack, and a change of outputs then marks that group dirty. A
-- row goes when its stack's DELETE completes. version is the stack's version of the outputs (-1: none yet).

create table member_stack (
    stack_id       text   primary key,
    group_stack_id text,
    group_name     text,
    outputs        jsonb,
    version        bigint not null default -1
);
