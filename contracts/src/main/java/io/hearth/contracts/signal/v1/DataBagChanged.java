package io.hearth.contracts.signal.v1;

/**
 * A stack tree's data bag (its facts, docs/contextualization.md) has a new version: deployment-service tells each
 * stack of the tree that holds an {@code OS::Hearth::DataBag} resource, through that stack's signals (key: its id),
 * so the resources that read the bag are contextualized with the stack's row locked, as for any signal.
 *
 * @param stackId      the id of the stack that holds a DataBag resource
 * @param rootStackId  the tree's top-level stack id, whose bag changed
 * @param version      the bag's version after the change
 * @param contextDepth how many contextualization reruns in a row led to the change: 0 for an operator's write, the
 *                     publishing deployment's own depth for facts a hook published
 */
public record DataBagChanged(String stackId, String rootStackId, long version, int contextDepth) {
    public static final String TYPE = "io.hearth.signal.data-bag-changed.v1";
}
