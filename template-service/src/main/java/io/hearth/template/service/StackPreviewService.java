package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.CreateStackRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Stack preview: a create request checked and planned as create does, with nothing stored or sent. */
@ApplicationScoped
public class StackPreviewService {

    /** The id Heat shows for a stack that does not exist yet ({@code str(None)}). */
    public static final String NO_ID = "None";

    private final StackDefinitions definitions;

    public StackPreviewService(StackDefinitions definitions) {
        this.definitions = definitions;
    }

    /**
     * A previewed stack.
     *
     * @param tenant          the tenant
     * @param name            the stack's name
     * @param template        its template
     * @param plan            what a create would ask deployment-service to do
     */
    public record Result(String tenant, String name, JsonNode template, StackPlan plan) {
    }

    /**
     * Checks and plans a create request.
     *
     * @throws ApiException 400 as create would, 409 when the name is in use
     */
    @WithSession
    public Uni<Result> preview(String tenant, CreateStackRequest request) {
        Stack stack = StackService.newStack(tenant, request);
        StackDefinition definition = definitions.read(request.template(), request.templateUrl(), null,
                request.environment(), request.environmentFiles(), request.parameters(), request.files());
        StackPlan plan = definitions.plan(definition, new StackIdentity(stack.name, NO_ID, tenant),
                request.timeoutMins(), stack.disableRollback);
        return Stack.findLive(tenant, stack.name).map(existing -> {
            if (existing != null) {
                throw StackService.exists(stack.name);
            }
            return new Result(tenant, stack.name, definition.template(), plan);
        });
    }
}
