package io.hearth.template.rest;

import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.repository.StackRepository;
import io.hearth.template.rest.dto.Link;
import io.hearth.template.rest.dto.StackSummary;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Heat's stack list ({@code StackController._index}): filters, sort keys and direction, marker
 * and limit with a {@code next} link, {@code show_deleted}, {@code with_count}.
 */
@ApplicationScoped
public class StackListing {

    /** Filters on what Hearth stacks never have (owners, parents, user projects): they match nothing. */
    private static final List<String> ALWAYS_EMPTY = List.of("username", "stack_owner", "parent",
            "stack_user_project_id");

    private final StackRepository repository;
    private final StackViews views;

    public StackListing(StackRepository repository, StackViews views) {
        this.repository = repository;
        this.views = views;
    }

    /**
     * The body of {@code GET /v1/{tenant}/stacks}.
     *
     * With {@code global_tenant=true}, which only an admin gets past {@code AuthPolicy} with, every tenant's.
     *
     * @throws ApiException 400 for a malformed parameter
     */
    public Uni<Map<String, Object>> list(String tenant, UriInfo uri) {
        QueryParams params = new QueryParams(uri.getQueryParameters());
        String scope = params.flag("global_tenant", false) ? null : tenant;
        StackRepository.Filter filter = filter(params);
        params.flag("show_hidden", false);
        Integer limit = params.integer("limit");
        boolean withCount = params.flag("with_count", false);
        String direction = params.sortDirection();
        boolean none = ALWAYS_EMPTY.stream().anyMatch(name -> !params.all(name).isEmpty())
                || (!params.all("tenant").isEmpty() && !params.all("tenant").contains(tenant));
        Uni<List<Stack>> page = none ? Uni.createFrom().item(List.of())
                : repository.page(scope, filter, params.all("sort_keys"), direction, params.single("marker"), limit);
        Uni<Long> count = !withCount ? Uni.createFrom().nullItem()
                : none ? Uni.createFrom().item(0L) : repository.count(scope, filter);
        return page.chain(stacks -> count.map(total -> body(uri, stacks, limit, total)));
    }

    private static StackRepository.Filter filter(QueryParams params) {
        List<String> actions = new ArrayList<>(params.all("action"));
        actions.addAll(params.all("stack_action"));
        List<String> statusValues = new ArrayList<>(params.all("status"));
        statusValues.addAll(params.all("stack_status"));
        List<String> statuses = QueryParams.statuses(statusValues, actions);
        List<String> names = new ArrayList<>(params.all("name"));
        names.addAll(params.all("stack_name"));
        boolean showDeleted = params.flag("show_deleted", false);
        if (!statusValues.isEmpty() && statuses.isEmpty()) {
            statuses = List.of("(none)"); // Heat filters by an empty list of statuses: nothing matches
        }
        return new StackRepository.Filter(params.all("id"), names, statuses, actions.stream().distinct().toList(),
                params.all("stack_status_reason"), showDeleted, params.flag("show_nested", false), params.all("owner_id"));
    }

    private Map<String, Object> body(UriInfo uri, List<Stack> stacks, Integer limit, Long count) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("stacks", stacks.stream().map(stack -> summary(uri, stack)).toList());
        if (limit != null && limit > 0 && limit == stacks.size()) {
            String next = UriBuilder.fromUri(uri.getRequestUri()).replaceQueryParam("marker",
                    stacks.get(stacks.size() - 1).id.toString()).build().toString();
            body.put("links", List.of(new Link(next, "next")));
        }
        if (count != null) {
            body.put("count", count);
        }
        return body;
    }

    private StackSummary summary(UriInfo uri, Stack stack) {
        return new StackSummary(stack.id.toString(), List.of(Link.self(views.href(uri, stack))), stack.name,
                stack.description == null ? "" : stack.description, stack.stackStatus(), stack.statusReason,
                StackViews.time(stack.createdAt), StackViews.time(stack.deletedAt), StackViews.time(stack.updatedAt),
                null, stack.parentId == null ? null : stack.parentId.toString(), null, null);
    }
}
