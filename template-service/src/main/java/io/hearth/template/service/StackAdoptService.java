package io.hearth.template.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.DatabaseErrors;
import io.hearth.template.config.AdoptionConfig;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.CreateStackRequest;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * Heat's stack adopt ({@code POST /v1/{tenant}/stacks} with {@code adopt_stack_data}): checks the data
 * ({@link AdoptData}: 400 naming the problem), plans its template with its parameters (the request's over them),
 * stores the stack as ADOPT_IN_PROGRESS and appends {@code StackAdoptRequested}, in one transaction. Hearth's own
 * signed data keeps the abandoned stack's id (its servers' metadata URLs and its deployments' signal URLs carry it)
 * and sends Hearth's records; Heat's unsigned data gets a new id, as Heat gives, and sends its resources' data. An
 * id or name in use is 409 and nothing is stored.
 */
@ApplicationScoped
public class StackAdoptService {

    private final StackDefinitions definitions;
    private final StackResources resources;
    private final AbandonSignature signature;
    private final StackCommands commands;
    private final AdoptionConfig config;

    public StackAdoptService(StackDefinitions definitions, StackResources resources, AbandonSignature signature,
            StackCommands commands, AdoptionConfig config) {
        this.definitions = definitions;
        this.resources = resources;
        this.signature = signature;
        this.commands = commands;
        this.config = config;
    }

    /**
     * Adopts the data of a create request that carries {@code adopt_stack_data}.
     *
     * @throws ApiException 400 for adopt switched off or invalid data, 409 for an id or name in use
     */
    @WithTransaction
    public Uni<Stack> adopt(String tenant, CreateStackRequest request) {
        if (!config.enableAdopt()) {
            throw StackAbandonService.notSupported("Stack Adopt");
        }
        Stack stack = StackService.newStack(tenant, request);
        ObjectNode data = AdoptData.parse(request.adoptStackData());
        boolean signed = AdoptData.signed(data);
        if (signed) {
            AdoptData.checkSignature(signature, tenant, data);
            stack.id = AdoptData.stackId(data);
        }
        stack.action = Action.ADOPT;
        stack.statusReason = "Stack ADOPT started";
        StackDefinition definition = definitions.read(data.get("template"), null, null,
                AdoptData.environment(data, request.environment()), request.environmentFiles(),
                AdoptData.parameters(data, request.parameters()), AdoptData.files(data, request.files()));
        StackPlan plan = definitions.plan(definition, new StackIdentity(stack.name, stack.id.toString(), tenant),
                request.timeoutMins(), stack.disableRollback);
        StackDefinitions.store(stack, definition, plan);
        StackAdoptRequested command;
        if (signed) {
            Map<String, RuntimeRecord> records = AdoptData.records(data, plan);
            command = new StackAdoptRequested(stack.id.toString(), tenant, stack.name, plan, records);
        } else {
            AdoptData.checkUnsigned(data, plan);
            command = new StackAdoptRequested(stack.id.toString(), tenant, stack.name, plan, Map.of(),
                    data.get("resources"));
        }
        return Stack.<Stack>findById(stack.id)
                .chain(sameId -> {
                    if (sameId != null) {
                        throw new ApiException(409, "Conflict", "Invalid adopt data: stack " + stack.id
                                + " is in use: only an abandoned stack can be adopted");
                    }
                    return Stack.findLive(tenant, stack.name);
                })
                .chain(sameName -> {
                    if (sameName != null) {
                        throw StackService.exists(stack.name);
                    }
                    return stack.<Stack>persistAndFlush();
                })
                .onFailure(DatabaseErrors::isUniqueViolation).transform(e -> StackService.exists(stack.name))
                .call(() -> resources.planned(stack, plan))
                .call(() -> commands.send(stack, command));
    }
}
