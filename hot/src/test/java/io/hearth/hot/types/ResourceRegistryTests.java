package io.hearth.hot.types;

import static io.hearth.hot.types.Yaml.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.hot.TemplateProblem;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The environment's resource_registry: mappings, wildcards, per-resource entries, unknown types. */
class ResourceRegistryTests {

    private static ResourceRegistry registry(String environment) {
        return ResourceRegistry.fromEnvironment(yaml(environment));
    }

    private static String resolvedName(ResourceRegistry registry, String type, String resource) {
        TypeResolution r = registry.resolve(type, resource);
        assertThat(r).isInstanceOf(TypeResolution.Resolved.class);
        return ((TypeResolution.Resolved) r).type().name();
    }

    @Test
    void knownTypesResolveToThemselves() {
        TypeResolution r = ResourceRegistry.empty().resolve("OS::Heat::SoftwareConfig", "cfg");
        assertThat(r).isInstanceOfSatisfying(TypeResolution.Resolved.class, resolved -> {
            assertThat(resolved.type().name()).isEqualTo("OS::Heat::SoftwareConfig");
            assertThat(resolved.mapped()).isFalse();
        });
    }

    @Test
    void plainMapping() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::Net": "OS::Heat::None"
                """);
        TypeResolution r = registry.resolve("OS::Neutron::Net", "net");
        assertThat(r).isInstanceOfSatisfying(TypeResolution.Resolved.class, resolved -> {
            assertThat(resolved.type().name()).isEqualTo("OS::Heat::None");
            assertThat(resolved.chain()).containsExactly("OS::Neutron::Net", "OS::Heat::None");
        });
        assertThat(registry.resolve("OS::Neutron::Port", "port")).isInstanceOf(TypeResolution.Unavailable.class);
    }

    @Test
    void wildcardMapping() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::*": "OS::Heat::None"
                """);
        assertThat(resolvedName(registry, "OS::Neutron::Port", "port")).isEqualTo("OS::Heat::None");
        assertThat(resolvedName(registry, "OS::Neutron::SecurityGroup", "sg")).isEqualTo("OS::Heat::None");
        assertThat(registry.resolve("OS::Cinder::Volume", "vol")).isInstanceOf(TypeResolution.Unavailable.class);
    }

    @Test
    void wildcardToWildcardKeepsTheSuffix() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "My::Config::*": "OS::Heat::*"
                """);
        assertThat(resolvedName(registry, "My::Config::SoftwareConfig", "c")).isEqualTo("OS::Heat::SoftwareConfig");
        assertThat(registry.resolve("My::Config::Nothing", "c")).isInstanceOf(TypeResolution.Unknown.class);
    }

    @Test
    void wildcardManyToOneDoesNotCatchItsOwnTarget() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Heat::*": "OS::Heat::None"
                """);
        assertThat(resolvedName(registry, "OS::Heat::None", "n")).isEqualTo("OS::Heat::None");
        // user entries come before the built-in types, as in Heat
        assertThat(resolvedName(registry, "OS::Heat::SoftwareConfig", "c")).isEqualTo("OS::Heat::None");
    }

    @Test
    void perResourceMappingAppliesToThatResourceOnly() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  resources:
                    test_server:
                      "OS::Nova::Server": "OS::Heat::None"
                      hooks: pre-create
                """);
        assertThat(resolvedName(registry, "OS::Nova::Server", "test_server")).isEqualTo("OS::Heat::None");
        assertThat(resolvedName(registry, "OS::Nova::Server", "prod_server")).isEqualTo("OS::Nova::Server");
        assertThat(registry.problems()).isEmpty();
    }

    @Test
    void perResourceMappingWinsOverTopLevel() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Nova::Server": "OS::Heat::DeployedServer"
                  resources:
                    stub: {"OS::Nova::Server": "OS::Heat::None"}
                """);
        assertThat(resolvedName(registry, "OS::Nova::Server", "stub")).isEqualTo("OS::Heat::None");
        assertThat(resolvedName(registry, "OS::Nova::Server", "other")).isEqualTo("OS::Heat::DeployedServer");
    }

    @Test
    void mappingsChain() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "My::Server": "My::Compute"
                  "My::Compute": "OS::Nova::Server"
                """);
        TypeResolution r = registry.resolve("My::Server", "s");
        assertThat(r).isInstanceOfSatisfying(TypeResolution.Resolved.class, resolved -> assertThat(resolved.chain())
                .containsExactly("My::Server", "My::Compute", "OS::Nova::Server"));
    }

    @Test
    void aMappingToNothingFallsBackToTheNextCandidate() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::Port": "OS::Neutron::Missing"
                  "OS::Neutron::*": "OS::Heat::None"
                """);
        assertThat(resolvedName(registry, "OS::Neutron::Port", "p")).isEqualTo("OS::Heat::None");
    }

    @Test
    void heatsDefaultEnvironmentMapsQuantumToNeutron() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::Net": "OS::Heat::None"
                """);
        assertThat(resolvedName(registry, "OS::Quantum::Net", "net")).isEqualTo("OS::Heat::None");
    }

    @Test
    void nullRemovesEarlierEntries() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::Net": "OS::Heat::None"
                  "OS::Neutron::Port": "OS::Heat::None"
                """);
        registry.load(yaml("{\"OS::Neutron::*\": null}"));
        assertThat(registry.entries()).isEmpty();
        assertThat(registry.resolve("OS::Neutron::Net", "n")).isInstanceOf(TypeResolution.Unavailable.class);
    }

    @Test
    void unknownTypeNamesTheTypeAndTheLineThatWouldMapIt() {
        ResourceValidator validator = new ResourceValidator(ResourceRegistry.empty(), Set.of());
        assertThat(validator.validate("port", yaml("type: Acme::Port"))).containsExactly(new TemplateProblem(
                "resources.port.type",
                "Unknown resource type Acme::Port. Map it in the environment: resource_registry: "
                        + "{\"Acme::Port\": \"OS::Heat::None\"}"));
    }

    @Test
    void restrictedActionsByNameAndShellPatternAsHeatReadsThem() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  resources:
                    bar: {restricted_actions: [update, replace]}
                    "*ar": {restricted_actions: replace}
                    "db_?": {restricted_actions: [update]}
                """);
        assertThat(registry.problems()).isEmpty();
        assertThat(registry.restrictedActions("bar")).containsExactlyInAnyOrder("update", "replace");
        assertThat(registry.restrictedActions("car")).containsExactly("replace");
        assertThat(registry.restrictedActions("db_1")).containsExactly("update");
        assertThat(registry.restrictedActions("db_10")).isEmpty();
        assertThat(registry.restrictedActions("baz")).isEmpty();
        assertThat(registry("""
                resource_registry:
                  resources:
                    bar: {restricted_actions: [update, bogus]}
                """).problems()).containsExactly(new TemplateProblem(
                "resource_registry.resources.bar.restricted_actions", "Invalid restricted_action type \"['update', "
                        + "'bogus']\" for resource, acceptable restricted_action types are: ('update', 'replace')",
                "InvalidRestrictedAction"));
    }

    @Test
    void hooksByNameAndShellPatternAsHeatMatchesThem() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  resources:
                    app: {hooks: [pre-create, post-update]}
                    "app*": {hooks: pre-delete}
                    nested: {inner: {hooks: pre-update}, hooks: pre-create}
                """);
        assertThat(registry.problems()).isEmpty();
        assertThat(registry.hooks("app")).containsExactlyInAnyOrder("pre-create", "post-update", "pre-delete");
        assertThat(registry.hooks("app_2")).containsExactly("pre-delete");
        assertThat(registry.hooks("nested")).containsExactly("pre-create");
        assertThat(registry.hooks("inner")).as("a nested stack's entries are its own environment's").isEmpty();
        assertThat(registry.hooks("db")).isEmpty();
    }

    @Test
    void anInvalidHookTypeIsHeatsInvalidBreakPointHookAtAnyDepth() {
        String types = "acceptable hook types are: ('pre-create', 'pre-update', 'pre-delete', 'post-create', "
                + "'post-update', 'post-delete')";
        assertThat(registry("""
                resource_registry:
                  resources:
                    app: {hooks: [pre-create, pre-bogus]}
                    nested: {inner: {hooks: {pre-create: true}}}
                    other: {hooks: 3}
                """).problems()).containsExactly(
                new TemplateProblem("resource_registry.resources.app.hooks",
                        "Invalid hook type \"['pre-create', 'pre-bogus']\" for resource breakpoint, " + types,
                        "InvalidBreakPointHook"),
                new TemplateProblem("resource_registry.resources.nested.inner.hooks",
                        "Invalid hook type \"{'pre-create': True}\" for resource breakpoint, " + types,
                        "InvalidBreakPointHook"),
                new TemplateProblem("resource_registry.resources.other.hooks",
                        "Invalid hook type \"3\" for resource breakpoint, " + types, "InvalidBreakPointHook"));
    }

    @Test
    void aHeatTypeWhoseServiceIsAbsentIsHeatsResourceTypeUnavailable() {
        ResourceValidator validator = new ResourceValidator(ResourceRegistry.empty(), Set.of());
        assertThat(validator.validate("net", yaml("type: OS::Neutron::Net"))).containsExactly(new TemplateProblem(
                "resources.net.type", "HEAT-E99001 Service neutron is not available for resource type "
                        + "OS::Neutron::Net, reason: neutron network endpoint is not in service catalog.",
                "ResourceTypeUnavailable"));
        assertThat(validator.validate("db", yaml("type: OS::Trove::Instance"))).extracting(TemplateProblem::message)
                .containsExactly("HEAT-E99001 Service trove is not available for resource type OS::Trove::Instance, "
                        + "reason: trove database endpoint is not in service catalog.");
        assertThat(validator.validate("vol", yaml("type: OS::Cinder::Volume"))).extracting(TemplateProblem::message)
                .containsExactly("HEAT-E99001 Service cinder is not available for resource type OS::Cinder::Volume, "
                        + "reason: cinder volumev3 endpoint is not in service catalog.");
        assertThat(validator.validate("ngt", yaml("type: OS::Sahara::NodeGroupTemplate")))
                .extracting(TemplateProblem::message).containsExactly("HEAT-E99001 Service sahara is not available "
                        + "for resource type OS::Sahara::NodeGroupTemplate, reason: sahara data-processing endpoint "
                        + "is not in service catalog.");
    }

    @Test
    void anAliasOfAnUnavailableTypeIsNamedAsTheTemplateNamesIt() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "My::Net": "OS::Neutron::Net"
                """);
        assertThat(registry.resolve("My::Net", "net")).isInstanceOfSatisfying(TypeResolution.Unavailable.class,
                unavailable -> {
                    assertThat(unavailable.type()).isEqualTo("OS::Neutron::Net");
                    assertThat(unavailable.message()).isEqualTo("HEAT-E99001 Service neutron is not available for "
                            + "resource type My::Net, reason: neutron network endpoint is not in service catalog.");
                });
        // Heat's default environment maps OS::Quantum* to OS::Neutron*
        assertThat(ResourceRegistry.empty().resolve("OS::Quantum::Net", "q"))
                .isInstanceOfSatisfying(TypeResolution.Unavailable.class,
                        unavailable -> assertThat(unavailable.type()).isEqualTo("OS::Neutron::Net"));
        assertThat(UnavailableTypes.of("OS::Nova::Server")).isEmpty();
        assertThat(UnavailableTypes.of("OS::Heat::None")).isEmpty();
    }

    @Test
    void mappedResourcesAreValidatedAgainstTheirNewType() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::*": "OS::Heat::None"
                  "My::Deployment": "OS::Heat::SoftwareDeployment"
                """);
        ResourceValidator validator = new ResourceValidator(registry, Set.of());
        assertThat(validator.validate("port", yaml("""
                type: OS::Neutron::Port
                properties: {network: private, fixed_ips: [{ip_address: 10.0.0.2}]}
                """))).isEmpty();
        assertThat(validator.validate("dep", yaml("""
                type: My::Deployment
                properties: {config: c}
                """))).containsExactly(new TemplateProblem("resources.dep.properties", "Property server not assigned"));
    }

    @Test
    void aTemplateResourceNeedsItsTemplateInTheFiles() {
        ResourceValidator withFile = new ResourceValidator(ResourceRegistry.empty(), Set.of("lb_server.yaml"));
        assertThat(withFile.validate("member", yaml("type: lb_server.yaml"))).isEmpty();
        ResourceValidator withoutFile = ResourceValidator.standard();
        assertThat(withoutFile.validate("member", yaml("type: lb_server.yaml"))).containsExactly(new TemplateProblem(
                "resources.member.type",
                "Could not fetch remote template \"lb_server.yaml\": it is not in the stack's files, and Hearth "
                        + "fetches no URL"));
    }

    @Test
    void aTypeMappedToATemplateIsATemplateResource() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "My::WebServer": "web_server.yaml"
                """);
        assertThat(registry.resolve("My::WebServer", "web"))
                .isEqualTo(new TypeResolution.NestedTemplate("My::WebServer", "web_server.yaml"));
        ResourceValidator validator = new ResourceValidator(registry, Set.of());
        assertThat(validator.validate("web", yaml("type: My::WebServer"))).singleElement()
                .satisfies(p -> assertThat(p.message()).startsWith("Could not fetch remote template "
                        + "\"web_server.yaml\" (the environment maps My::WebServer to it)"));
    }

    @Test
    void aPerResourceTemplateHasTheOtherEntriesTypeAsItsFacade() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  OS::Thingy: facade.yaml
                  "OS::Heat::RandomString": "OS::Heat::None"
                  resources:
                    thisone: {OS::Thingy: concrete.yaml, "OS::Heat::RandomString": pw.yaml}
                """);

        assertThat(registry.problems()).isEmpty();
        assertThat(registry.resolve("OS::Thingy", "thisone"))
                .isEqualTo(new TypeResolution.NestedTemplate("OS::Thingy", "concrete.yaml"));
        assertThat(registry.resolve("OS::Thingy", "other"))
                .isEqualTo(new TypeResolution.NestedTemplate("OS::Thingy", "facade.yaml"));
        assertThat(registry.facade("OS::Thingy", "thisone"))
                .contains(new TypeResolution.NestedTemplate("OS::Thingy", "facade.yaml"));
        // the user's mapping comes before the built-in type, as in Heat
        assertThat(registry.facade("OS::Heat::RandomString", "thisone")).get()
                .isInstanceOfSatisfying(TypeResolution.Resolved.class,
                        r -> assertThat(r.type().name()).isEqualTo("OS::Heat::None"));
        // a type only a template provides has no facade, nor has a resource that is no template resource
        assertThat(registry.facade("OS::Thingy", "other")).isEmpty();
        assertThat(registry.facade("OS::Heat::RandomString", "other")).isEmpty();
        assertThat(registry.facade("member.yaml", "thisone")).isEmpty();
    }

    @Test
    void aNestedStacksNarrowedTypeEntriesUnderResourcesAreAccepted() {
        // Heat's remove_resources_except leaves a child {resources: {TYPE: template}}, which no lookup reaches
        ResourceRegistry registry = registry("resource_registry: {resources: {\"OS::Thingy\": concrete.yaml}}");

        assertThat(registry.problems()).isEmpty();
        assertThat(registry.resolve("OS::Thingy", "OS::Thingy")).isInstanceOf(TypeResolution.Unknown.class);
    }

    @Test
    void mappingLoopsAreReported() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "A::B": "C::D"
                  "C::D": "A::B"
                """);
        assertThat(registry.resolve("A::B", "x")).isInstanceOfSatisfying(TypeResolution.Unknown.class,
                u -> assertThat(u.message()).startsWith("The resource_registry maps A::B in a loop: A::B -> C::D -> A::B"));
    }

    @Test
    void entriesThatAreNotTypeNamesAreProblems() {
        ResourceRegistry registry = registry("""
                resource_registry:
                  "OS::Neutron::Net": 42
                """);
        assertThat(registry.problems()).containsExactly(new TemplateProblem("resource_registry.OS::Neutron::Net",
                "A resource_registry entry maps a type to a type name (or a template); got 42"));
    }
}
