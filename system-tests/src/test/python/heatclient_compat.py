"""Drives a running Hearth with OpenStack's own Heat client library (python3-heatclient),
unchanged, as existing scripts would: template validate, preview, create, list, show, outputs, events,
template, update (PUT and PATCH), delete; software configs and deployments; wait conditions (a hook's
curl_cli on the local compute driver, a FAILURE sent with resources.signal); Heat API details; a ResourceGroup
grown and shrunk with removal policies; a nested template's outputs in its parent; a SoftwareDeploymentGroup
over three servers of the local compute driver; an AutoScalingGroup scaled by its policy, inside the cooldown
and at its bounds.

usage: /usr/bin/python3 heatclient_compat.py http://127.0.0.1:8004/v1/demo hearth-dev-token
Exits 0 when every step behaved as Heat's API does; prints each step.
"""
import json
import sys
import time
import urllib.error
import urllib.request
import uuid

from heatclient import client as heat_client
from heatclient import exc

TEMPLATE = """
heat_template_version: 2018-08-31
description: heatclient compatibility check
parameters:
  greeting:
    type: string
    default: hello
outputs:
  greeting:
    description: the greeting
    value: {get_param: greeting}
"""

TEMPLATE_V2 = """
heat_template_version: 2018-08-31
description: heatclient compatibility check, updated
parameters:
  greeting:
    type: string
    default: hello
  who:
    type: string
    default: world
outputs:
  greeting:
    description: the greeting
    value: {list_join: [' ', [{get_param: greeting}, {get_param: who}]]}
"""


def wait_for(heat, stack_id, wanted, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            stack = heat.stacks.get(stack_id)
        except exc.HTTPNotFound:
            return None
        if stack.stack_status == wanted or stack.stack_status.endswith("_FAILED"):
            return stack
        time.sleep(0.2)
    raise AssertionError("%s did not reach %s within %s s" % (stack_id, wanted, timeout))


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print("ok   " + message)


def main(endpoint, token):
    heat = heat_client.Client("1", endpoint=endpoint, token=token)
    name = "heatclient-" + uuid.uuid4().hex[:8]

    validated = heat.stacks.validate(template=TEMPLATE)
    check(validated["Description"] == "heatclient compatibility check", "stacks.validate gives the description")
    greeting = validated["Parameters"]["greeting"]
    check(greeting["Type"] == "String" and greeting["Default"] == "hello" and greeting["NoEcho"] == "false"
          and greeting["Label"] == "greeting", "stacks.validate describes the parameters as Heat does: %s" % greeting)
    try:
        heat.stacks.validate(template=TEMPLATE.replace("type: string", "type: strung"))
        raise AssertionError("an invalid template validated")
    except exc.HTTPBadRequest as e:
        check("Invalid type (strung)" in str(e), "stacks.validate of an invalid template raises HTTPBadRequest")

    preview = heat.stacks.preview(stack_name=name, template=TEMPLATE, parameters={"greeting": "bonjour"})
    check(preview.stack_name == name and preview.resources == [], "stacks.preview shows the stack it would create")

    created = heat.stacks.create(stack_name=name, template=TEMPLATE, parameters={"greeting": "bonjour"})
    stack_id = created["stack"]["id"]
    check(len(stack_id) == 36, "stacks.create answered the new stack's id %s" % stack_id)

    check(name in [s.stack_name for s in heat.stacks.list()], "stacks.list shows %s" % name)

    stack = wait_for(heat, stack_id, "CREATE_COMPLETE")
    check(stack.stack_status == "CREATE_COMPLETE", "stacks.get by id reached CREATE_COMPLETE")
    check(heat.stacks.get(name).id == stack_id, "stacks.get by name follows the redirect to the same stack")
    check(stack.parameters["greeting"] == "bonjour", "the stack shows its parameters")

    outputs = heat.stacks.output_list(stack_id)["outputs"]
    check([o["output_key"] for o in outputs] == ["greeting"], "stacks.output_list lists the outputs")
    output = heat.stacks.output_show(stack_id, "greeting")["output"]
    check(output["output_value"] == "bonjour", "stacks.output_show gives the value")

    statuses = [e.resource_status for e in heat.events.list(stack_id, sort_dir="asc")]
    check(statuses == ["CREATE_IN_PROGRESS", "CREATE_COMPLETE"], "events.list (sort_dir=asc, as openstack stack event list asks) gives the history %s" % statuses)

    template = heat.stacks.template(stack_id)
    check(template["heat_template_version"] == "2018-08-31", "stacks.template returns the template")

    heat.stacks.update(stack_id, template=TEMPLATE_V2, parameters={"greeting": "hallo"})
    updated = wait_for(heat, stack_id, "UPDATE_COMPLETE")
    check(updated.stack_status == "UPDATE_COMPLETE", "stacks.update (PUT) reached UPDATE_COMPLETE")
    check(updated.updated_time is not None, "the updated stack shows its updated_time")
    check(heat.stacks.output_show(stack_id, "greeting")["output"]["output_value"] == "hallo world",
          "the updated stack shows its new output")
    check(heat.stacks.template(stack_id)["description"] == "heatclient compatibility check, updated",
          "stacks.template returns the new template")

    heat.stacks.update(name, existing=True, parameters={"who": "Hearth"})
    patched = wait_for(heat, stack_id, "UPDATE_COMPLETE")
    check(patched.parameters["greeting"] == "hallo" and patched.parameters["who"] == "Hearth",
          "stacks.update with existing=True (PATCH, by name) keeps the parameters not given")
    check(heat.stacks.output_show(stack_id, "greeting")["output"]["output_value"] == "hallo Hearth",
          "the patched stack shows its new output")

    try:
        heat.stacks.get("no-such-stack")
        raise AssertionError("an unknown stack was found")
    except exc.HTTPNotFound:
        print("ok   stacks.get of an unknown stack raises HTTPNotFound")

    heat.stacks.delete(stack_id)
    deleted = wait_for(heat, stack_id, "DELETE_COMPLETE")
    check(deleted is not None and deleted.stack_status == "DELETE_COMPLETE",
          "stacks.delete reached DELETE_COMPLETE, and stacks.get by id still shows the deleted stack, as Heat")
    check(name not in [s.stack_name for s in heat.stacks.list()], "the deleted stack left stacks.list")

    software_configs_and_deployments(heat)
    wait_conditions(heat)
    heat_api_details(heat, endpoint, token)
    resource_group(heat)
    nested_template(heat)
    deployment_group(heat)
    autoscaling_cooldown(heat)

    try:
        heat_client.Client("1", endpoint=endpoint, token="forged").stacks.list().__next__()
        raise AssertionError("a forged token was accepted")
    except exc.HTTPUnauthorized:
        print("ok   a forged token raises HTTPUnauthorized")
    print("heatclient compatibility: all steps passed")


def software_configs_and_deployments(heat):
    """heatclient's software config and deployment calls, through the public endpoint (8004)."""
    config = heat.software_configs.create(
        name="hc-config", group="script", config="#!/bin/sh\necho $greeting > $heat_outputs_path.said\n",
        inputs=[{"name": "greeting", "type": "String", "default": "hi"}], outputs=[{"name": "said"}], options={})
    check(config.id and config.group == "script", "software_configs.create answered the new config %s" % config.id)
    shown = heat.software_configs.get(config.id)
    check(shown.name == "hc-config" and shown.config.startswith("#!/bin/sh"), "software_configs.get shows it")
    check(config.id in [c.id for c in heat.software_configs.list()], "software_configs.list lists it")

    server_id = str(uuid.uuid4())
    deployment = heat.software_deployments.create(
        config_id=config.id, server_id=server_id, input_values={"greeting": "hello"}, action="CREATE",
        status="IN_PROGRESS", status_reason="Deploy data available")
    check(deployment.status == "IN_PROGRESS", "software_deployments.create answered %s" % deployment.id)
    items = heat.software_deployments.metadata(server_id)
    check(len(items) == 1 and items[0]["deployment_id"] == deployment.id and items[0]["id"] != deployment.id,
          "software_deployments.metadata gives the server's one item (its id is the run's, as Heat's derived config)")
    names = [i["name"] for i in items[0]["inputs"]]
    check(names[0] == "greeting" and "deploy_server_id" in names and "deploy_signal_id" in names,
          "the item's inputs are the declared ones, then Heat's derived ones: %s" % names)
    check([d.id for d in heat.software_deployments.list(server_id=server_id)] == [deployment.id],
          "software_deployments.list(server_id=...) lists it")

    heat.software_deployments.update(deployment.id, status="COMPLETE", status_reason="Outputs received",
                                     output_values={"said": "hello", "deploy_status_code": 0})
    done = heat.software_deployments.get(deployment.id)
    check(done.status == "COMPLETE" and done.output_values.get("said") == "hello",
          "software_deployments.update (how a Heat agent signals) completed it with its outputs")

    heat.software_deployments.delete(deployment.id)
    try:
        heat.software_deployments.get(deployment.id)
        raise AssertionError("a deleted deployment was found")
    except exc.HTTPNotFound:
        print("ok   software_deployments.delete removed it")
    heat.software_configs.delete(config.id)
    try:
        heat.software_configs.get(config.id)
        raise AssertionError("a deleted config was found")
    except exc.HTTPNotFound:
        print("ok   software_configs.delete removed it")


WAIT_CONDITION_BY_HOOK = """
heat_template_version: 2018-08-31
resources:
  handle:
    type: OS::Heat::WaitConditionHandle
  wait:
    type: OS::Heat::WaitCondition
    properties:
      handle: {get_resource: handle}
      count: 1
      timeout: 120
  server:
    type: OS::Nova::Server
    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
  notify_config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config:
        str_replace:
          template: |
            #!/bin/sh
            wc_notify --data-binary '{"status": "SUCCESS", "id": "hook", "data": "configured by the hook"}'
          params:
            wc_notify: {get_attr: [handle, curl_cli]}
  notify:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: notify_config}
      server: {get_resource: server}
outputs:
  data:
    value: {get_attr: [wait, data]}
"""

WAIT_CONDITION_ALONE = """
heat_template_version: 2018-08-31
resources:
  handle:
    type: OS::Heat::WaitConditionHandle
  wait:
    type: OS::Heat::WaitCondition
    properties:
      handle: {get_resource: handle}
      timeout: 120
  pw:
    type: OS::Heat::RandomString
"""


def wait_conditions(heat):
    """A WaitCondition completed by a hook running the handle's curl_cli, and one failed with resources.signal."""
    name = "heatclient-wc-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=WAIT_CONDITION_BY_HOOK)["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE", timeout=120)
    check(stack.stack_status == "CREATE_COMPLETE",
          "a WaitCondition completed by a hook running the handle's curl_cli: %s %s"
          % (stack.stack_status, stack.stack_status_reason))
    data = heat.stacks.output_show(stack_id, "data")["output"]["output_value"]
    check(data == '{"hook": "configured by the hook"}', "the WaitCondition's data is JSON of id to data: %s" % data)
    handle = heat.resources.get(stack_id, "handle")
    check(handle.attributes["curl_cli"].startswith("curl -i -X POST ") and handle.attributes["token"] is None,
          "the handle shows curl_cli and no token")
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")

    name = "heatclient-wc-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=WAIT_CONDITION_ALONE)["stack"]["id"]
    deadline = time.time() + 60
    while heat.resources.get(stack_id, "wait").resource_status != "CREATE_IN_PROGRESS":
        if time.time() > deadline:
            raise AssertionError("the WaitCondition did not start waiting within 60 s")
        time.sleep(0.2)
    print("ok   the WaitCondition waits")
    try:
        heat.resources.signal(stack_id, "pw", data={"status": "SUCCESS"})
        raise AssertionError("a RandomString took a signal")
    except exc.HTTPBadRequest as e:
        check("signal is not supported for resource." in str(e),
              "resources.signal to a RandomString raises HTTPBadRequest as Heat's: %s" % e)
    try:
        heat.resources.signal(stack_id, "nope", data={})
        raise AssertionError("an unknown resource took a signal")
    except exc.HTTPNotFound:
        print("ok   resources.signal to an unknown resource raises HTTPNotFound")
    heat.resources.signal(stack_id, "handle", data={"status": "FAILURE", "reason": "broken on purpose"})
    stack = wait_for(heat, stack_id, "CREATE_FAILED")
    reason = "Resource CREATE failed: WaitConditionFailure: resources.wait: broken on purpose"
    check(stack.stack_status == "CREATE_FAILED" and stack.stack_status_reason == reason,
          "resources.signal with FAILURE fails the WaitCondition and the stack: %s" % stack.stack_status_reason)
    check(heat.resources.get(stack_id, "wait").resource_status_reason
          == "WaitConditionFailure: resources.wait: broken on purpose", "the WaitCondition shows Heat's reason")
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")


ALIASED = """
heat_template_version: 2018-08-31
parameters:
  length: {type: number, default: 8}
  tag: {type: string, default: ""}
resources:
  pw:
    type: OS::Heat::RandomString
    properties: {length: {get_param: length}}
  test: {type: My::TestResource}
outputs:
  tag: {value: {get_param: tag}}
"""


def raw(url, token=None):
    """An HTTP GET as a plain client sees it: (status, Content-Type, JSON body)."""
    request = urllib.request.Request(url, headers={"X-Auth-Token": token} if token else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers["Content-Type"], json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], json.loads(e.read())


def heat_api_details(heat, endpoint, token):
    """Content type, version negotiation, mark unhealthy, the environment, unavailable types."""
    root = endpoint.rsplit("/v1/", 1)[0]
    status, content_type, body = raw(root + "/")
    check(status == 300 and body["versions"][0]["id"] == "v1.0" and body["versions"][0]["status"] == "CURRENT",
          "GET / without a token answers 300 with the version list: %s" % body)
    status, content_type, _ = raw(endpoint + "/stacks", token)
    check(status == 200 and content_type == "application/json",
          "stack list says Content-Type: application/json exactly (%s)" % content_type)

    try:
        heat.stacks.create(stack_name="hc-" + uuid.uuid4().hex[:8],
                           template="heat_template_version: 2018-08-31\nresources:\n  n: {type: OS::Neutron::Net}\n")
        raise AssertionError("a Neutron network was accepted")
    except exc.HTTPBadRequest as e:
        check("HEAT-E99001 Service neutron is not available for resource type OS::Neutron::Net" in str(e),
              "a type whose service is absent raises HTTPBadRequest with Heat's ResourceTypeUnavailable: %s" % e)

    name = "hc-env-" + uuid.uuid4().hex[:8]
    files = {"base.yaml": "parameter_merge_strategies: {tag: merge}\nparameters: {tag: one}\n"
                          "resource_registry: {My::TestResource: OS::Heat::None}\n",
             "more.yaml": "parameters: {tag: -two, length: 12}\n"}
    stack_id = heat.stacks.create(stack_name=name, template=ALIASED, files=files,
                                  environment_files=["base.yaml", "more.yaml"])["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE")
    check(stack.stack_status == "CREATE_COMPLETE", "a stack from two environment_files reached CREATE_COMPLETE")
    tag = heat.stacks.output_show(stack_id, "tag")["output"]["output_value"]
    check(tag == "one-two" and stack.parameters["length"] == "12",
          "environment_files merged in order with parameter_merge_strategies: tag %r, length %r"
          % (tag, stack.parameters["length"]))
    types = {r.resource_name: r.resource_type for r in heat.resources.list(stack_id)}
    check(types["test"] == "My::TestResource", "an aliased resource is listed with the template's type: %s" % types)
    check(heat.resources.get(stack_id, "test").resource_type == "My::TestResource",
          "and shown with it")

    old = heat.resources.get(stack_id, "pw").physical_resource_id
    heat.resources.mark_unhealthy(stack_id, "pw", True, "disk gone")
    deadline = time.time() + 30
    while heat.resources.get(stack_id, "pw").resource_status != "CHECK_FAILED" and time.time() < deadline:
        time.sleep(0.2)
    pw = heat.resources.get(stack_id, "pw")
    check(pw.resource_status == "CHECK_FAILED" and pw.resource_status_reason == "disk gone",
          "resources.mark_unhealthy put pw in CHECK_FAILED with the reason, shown by resource show")
    heat.stacks.update(stack_id, existing=True, parameters={})
    check(wait_for(heat, stack_id, "UPDATE_COMPLETE").stack_status == "UPDATE_COMPLETE",
          "the next update reached UPDATE_COMPLETE")
    pw = heat.resources.get(stack_id, "pw")
    check(pw.resource_status == "CREATE_COMPLETE" and pw.physical_resource_id != old,
          "and replaced the unhealthy resource (%s -> %s)" % (old, pw.physical_resource_id))

    heat.stacks.update(stack_id, existing=True, parameters={"length": 20},
                       environment={"resource_registry": {"resources": {"pw": {"restricted_actions": ["replace"]}}}})
    failed = wait_for(heat, stack_id, "UPDATE_FAILED")
    check(failed.stack_status == "UPDATE_FAILED" and "replace is restricted for resource." in failed.stack_status_reason,
          "an update that would replace a resource whose replace is restricted fails: %s" % failed.stack_status_reason)
    reasons = [e.resource_status_reason for e in heat.events.list(stack_id, resource_name="pw")]
    check("replace is restricted for resource." in reasons and
          heat.resources.get(stack_id, "pw").resource_status == "CREATE_COMPLETE",
          "with Heat's event on the resource, which stays CREATE_COMPLETE")
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")


def until(what, probe, timeout=60):
    """Polls probe() until it answers something true, which it returns."""
    deadline = time.time() + timeout
    while True:
        found = probe()
        if found:
            return found
        if time.time() > deadline:
            raise AssertionError("%s: not within %s s" % (what, timeout))
        time.sleep(0.3)


def members(heat, stack_id, group):
    """A group's members as resources.list(nested_depth=1) shows them (the resources its nested stack holds)."""
    return {r.resource_name: r for r in heat.resources.list(stack_id, nested_depth=1)
            if getattr(r, "parent_resource", None) == group}


def output(heat, stack_id, key):
    return heat.stacks.output_show(stack_id, key)["output"]["output_value"]


RESOURCE_GROUP = """
heat_template_version: 2018-08-31
parameters:
  count: {type: number, default: 2}
  removed: {type: comma_delimited_list, default: []}
resources:
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: count}
      removal_policies: [{resource_list: {get_param: removed}}]
      resource_def:
        type: OS::Heat::RandomString
        properties:
          length: 12
          salt: member-%index%
outputs:
  refs_map: {value: {get_attr: [group, refs_map]}}
  refs: {value: {get_attr: [group, refs]}}
  values: {value: {get_attr: [group, value]}}
  removed: {value: {get_attr: [group, removed_rsrc_list]}}
  first: {value: {get_attr: [group, resource.0, value]}}
"""


def resource_group(heat):
    """A ResourceGroup of RandomStrings grown 2 -> 4, shrunk to 2 naming the members to go, grown again."""
    name = "hc-rg-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=RESOURCE_GROUP)["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE")
    check(stack.stack_status == "CREATE_COMPLETE", "a ResourceGroup of 2 RandomStrings reached CREATE_COMPLETE: %s"
          % stack.stack_status_reason)
    first = output(heat, stack_id, "refs_map")
    check(sorted(first) == ["0", "1"] and all(len(v) == 12 for v in first.values()),
          "refs_map names the members 0 and 1 with their references (a RandomString's is its value): %s" % first)
    check(output(heat, stack_id, "refs") == [first["0"], first["1"]] and output(heat, stack_id, "values")
          == [first["0"], first["1"]] and output(heat, stack_id, "first") == first["0"],
          "refs, the members' value as a list and resource.0.value agree with refs_map")
    listed = members(heat, stack_id, "group")
    check(sorted(listed) == ["0", "1"] and all(r.resource_type == "OS::Heat::RandomString"
                                               and r.resource_status == "CREATE_COMPLETE" for r in listed.values()),
          "resources.list(nested_depth=1) shows the members under parent_resource 'group': %s"
          % {n: r.resource_status for n, r in listed.items()})
    check(output(heat, stack_id, "removed") == [], "removed_rsrc_list is empty")

    heat.stacks.update(stack_id, existing=True, parameters={"count": 4})
    stack = wait_for(heat, stack_id, "UPDATE_COMPLETE")
    check(stack.stack_status == "UPDATE_COMPLETE", "count 2 -> 4 reached UPDATE_COMPLETE: %s" % stack.stack_status_reason)
    grown = output(heat, stack_id, "refs_map")
    check(sorted(grown) == ["0", "1", "2", "3"] and grown["0"] == first["0"] and grown["1"] == first["1"],
          "the group grew to members 0-3 and left 0 and 1 alone: %s" % grown)
    check(sorted(members(heat, stack_id, "group")) == ["0", "1", "2", "3"], "resources.list shows the four members")

    heat.stacks.update(stack_id, existing=True, parameters={"count": 2, "removed": "1,2"})
    stack = wait_for(heat, stack_id, "UPDATE_COMPLETE")
    check(stack.stack_status == "UPDATE_COMPLETE", "count 4 -> 2 with removal_policies resource_list [1, 2] "
          "reached UPDATE_COMPLETE: %s" % stack.stack_status_reason)
    shrunk = output(heat, stack_id, "refs_map")
    check(shrunk == {"0": grown["0"], "3": grown["3"]},
          "the named members 1 and 2 went, not the highest indexes; 0 and 3 are untouched: %s" % shrunk)
    check(output(heat, stack_id, "removed") == ["1", "2"], "removed_rsrc_list is ['1', '2'], as Heat shows it")
    check(sorted(members(heat, stack_id, "group")) == ["0", "3"], "resources.list shows only the members 0 and 3")

    heat.stacks.update(stack_id, existing=True, parameters={"count": 3})
    wait_for(heat, stack_id, "UPDATE_COMPLETE")
    again = output(heat, stack_id, "refs_map")
    check(sorted(again) == ["0", "3", "4"] and output(heat, stack_id, "removed") == ["1", "2"],
          "growing again adds member 4: a removed name is never reused (the skiplist is kept): %s" % sorted(again))
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")


NESTED_PARENT = """
heat_template_version: 2018-08-31
parameters:
  prefix: {type: string, default: hello}
resources:
  inner:
    type: inner.yaml
    properties: {prefix: {get_param: prefix}}
  registered:
    type: My::Inner
    properties: {prefix: registered}
outputs:
  greeting: {value: {get_attr: [inner, greeting]}}
  inner_id: {value: {get_attr: [inner, OS::stack_id]}}
  registered: {value: {get_attr: [registered, greeting]}}
"""

NESTED_INNER = """
heat_template_version: 2018-08-31
parameters:
  prefix: {type: string}
resources:
  word:
    type: OS::Heat::RandomString
    properties: {length: 6}
outputs:
  greeting: {value: {list_join: ['-', [{get_param: prefix}, {get_attr: [word, value]}]]}}
"""


def nested_template(heat):
    """Template resources (a files entry as the type, and a resource_registry name): their outputs in the parent."""
    name = "hc-nested-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=NESTED_PARENT, files={"inner.yaml": NESTED_INNER},
                                  environment={"resource_registry": {"My::Inner": "inner.yaml"}})["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE")
    check(stack.stack_status == "CREATE_COMPLETE", "a stack of two template resources reached CREATE_COMPLETE: %s"
          % stack.stack_status_reason)
    greeting = output(heat, stack_id, "greeting")
    check(greeting.startswith("hello-") and len(greeting) == len("hello-") + 6,
          "the nested template's output flows to the parent's output through get_attr: %s" % greeting)
    registered = output(heat, stack_id, "registered")
    check(registered.startswith("registered-"), "and through a resource_registry name: %s" % registered)
    inner_id = output(heat, stack_id, "inner_id")
    inner = heat.resources.get(stack_id, "inner")
    check(inner.physical_resource_id == inner_id and inner.resource_type == "inner.yaml",
          "get_attr OS::stack_id is the nested stack's id, the resource's physical id: %s" % inner_id)
    check(any(link["rel"] == "nested" and inner_id in link["href"] for link in inner.links),
          "resource show links the nested stack")
    nested = {s.id: s for s in heat.stacks.list(show_nested=True)}
    check(inner_id in nested and nested[inner_id].parent == stack_id
          and nested[inner_id].stack_name.startswith(name + "-inner-"),
          "stacks.list(show_nested=True) shows the nested stack %s with its parent"
          % (nested.get(inner_id).stack_name if inner_id in nested else None))
    check(inner_id not in [s.id for s in heat.stacks.list()], "stacks.list without show_nested hides it")
    check(heat.stacks.get(inner_id).parent == stack_id, "stacks.get of the nested stack shows its parent")
    rows = [r for r in heat.resources.list(stack_id, nested_depth=1) if r.resource_name == "word"]
    check(len(rows) == 2 and sorted(r.parent_resource for r in rows) == ["inner", "registered"],
          "resources.list(nested_depth=1) shows each nested stack's RandomString under its template resource")

    heat.stacks.update(stack_id, existing=True, parameters={"prefix": "bonjour"})
    stack = wait_for(heat, stack_id, "UPDATE_COMPLETE")
    updated = output(heat, stack_id, "greeting")
    check(stack.stack_status == "UPDATE_COMPLETE" and updated == "bonjour-" + greeting[len("hello-"):]
          and output(heat, stack_id, "inner_id") == inner_id,
          "a changed property updates the nested stack in place (same stack, same word): %s" % updated)
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")
    try:
        shown = heat.stacks.get(inner_id)
        check(shown.stack_status == "DELETE_COMPLETE", "the nested stack was deleted with its parent")
    except exc.HTTPNotFound:
        print("ok   the nested stack was deleted with its parent")


DEPLOYMENT_GROUP = """
heat_template_version: 2018-08-31
resources:
  server_a:
    type: OS::Nova::Server
    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
  server_b:
    type: OS::Nova::Server
    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
  server_c:
    type: OS::Nova::Server
    properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      inputs: [{name: role}]
      config: |
        #!/bin/sh
        echo "$role on $HEARTH_SERVER_ADDRESS"
        echo "warning from $HEARTH_SERVER_ADDRESS" >&2
  deploy:
    type: OS::Heat::SoftwareDeploymentGroup
    properties:
      config: {get_resource: config}
      input_values: {role: worker}
      servers:
        a: {get_resource: server_a}
        b: {get_resource: server_b}
        c: {get_resource: server_c}
outputs:
  stdouts: {value: {get_attr: [deploy, deploy_stdouts]}}
  stderrs: {value: {get_attr: [deploy, deploy_stderrs]}}
  codes: {value: {get_attr: [deploy, deploy_status_codes]}}
  addresses:
    value: {a: {get_attr: [server_a, first_address]}, b: {get_attr: [server_b, first_address]},
            c: {get_attr: [server_c, first_address]}}
"""


def deployment_group(heat):
    """An OS::Heat::SoftwareDeploymentGroup over three servers of the local compute driver."""
    name = "hc-sdg-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=DEPLOYMENT_GROUP)["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE", timeout=180)
    check(stack.stack_status == "CREATE_COMPLETE", "a SoftwareDeploymentGroup over three servers reached "
          "CREATE_COMPLETE: %s" % stack.stack_status_reason)
    addresses = output(heat, stack_id, "addresses")
    stdouts, stderrs, codes = (output(heat, stack_id, k) for k in ("stdouts", "stderrs", "codes"))
    check(codes == {"a": 0, "b": 0, "c": 0}, "deploy_status_codes is keyed like servers: %s" % codes)
    check(stdouts == {k: "worker on %s\n" % addresses[k] for k in "abc"},
          "deploy_stdouts is keyed like servers, each the hook's output on that server: %s" % stdouts)
    check(stderrs == {k: "warning from %s\n" % addresses[k] for k in "abc"}, "and deploy_stderrs: %s" % stderrs)
    listed = members(heat, stack_id, "deploy")
    check(sorted(listed) == ["a", "b", "c"] and all(r.resource_type == "OS::Heat::SoftwareDeployment"
                                                    for r in listed.values()),
          "resources.list(nested_depth=1) shows one SoftwareDeployment per server, named by its key")
    heat.stacks.delete(stack_id)
    deleted = wait_for(heat, stack_id, "DELETE_COMPLETE", timeout=120)
    check(deleted is not None and deleted.stack_status == "DELETE_COMPLETE", "the stack and its servers were deleted")


SCALING = """
heat_template_version: 2018-08-31
resources:
  asg:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 3
      desired_capacity: 2
      resource: {type: OS::Heat::RandomString}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: asg}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
      cooldown: 600
  down:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: asg}
      adjustment_type: change_in_capacity
      scaling_adjustment: -10
      cooldown: 0
  jump:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: asg}
      adjustment_type: change_in_capacity
      scaling_adjustment: 5
      cooldown: 0
outputs:
  up_url: {value: {get_attr: [up, alarm_url]}}
  down_url: {value: {get_attr: [down, alarm_url]}}
"""


def post(url):
    """A POST without a token, as an alarm (or curl -X POST) does."""
    request = urllib.request.Request(url, data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status


def autoscaling_cooldown(heat):
    """An AutoScalingGroup scaled by its policies: bounds, the cooldown, and the event that says so."""
    name = "hc-asg-" + uuid.uuid4().hex[:8]
    stack_id = heat.stacks.create(stack_name=name, template=SCALING)["stack"]["id"]
    stack = wait_for(heat, stack_id, "CREATE_COMPLETE")
    check(stack.stack_status == "CREATE_COMPLETE", "an AutoScalingGroup with three ScalingPolicies reached "
          "CREATE_COMPLETE: %s" % stack.stack_status_reason)
    check(len(members(heat, stack_id, "asg")) == 2, "the group starts at desired_capacity 2")
    up_url, down_url = output(heat, stack_id, "up_url"), output(heat, stack_id, "down_url")

    def settled(size):
        """The group COMPLETE with `size` live members (their names)."""
        def probe():
            group = heat.resources.get(stack_id, "asg")
            live = sorted(m.resource_name for m in members(heat, stack_id, "asg").values()
                          if m.resource_status.endswith("_COMPLETE") and not m.resource_status.startswith("DELETE"))
            return group.resource_status.endswith("_COMPLETE") and len(live) == size and live
        return until("the group to settle at %d members" % size, probe)

    status = post(down_url)
    check(status == 200, "a POST to the down policy's alarm_url (no token, as curl -X POST) is accepted")
    one = settled(1)
    check(len(one) == 1, "change_in_capacity -10 from 2 stops at min_size 1: %s" % one)
    heat.resources.signal(stack_id, "jump")
    three = settled(3)
    check(one[0] in three, "resources.signal on the jump policy: +5 from 1 stops at max_size 3, the member that "
          "was there stays: %s" % three)
    post(down_url)
    oldest, one = one, settled(1)
    check(one[0] in three and one != oldest, "down again: back to min_size 1, the oldest member went first: %s" % one)
    heat.resources.signal(stack_id, "up")
    two = settled(2)
    check(one[0] in two, "the up policy (+1, cooldown 600) scaled to 2: %s" % two)

    post(up_url)
    post(down_url)
    message = "The resource asg could not perform scaling action: due to cooldown, cooldown "

    def refusals():
        found = {policy: [e.resource_status_reason for e in heat.events.list(stack_id, resource_name=policy)
                          if (e.resource_status_reason or "").startswith(message)] for policy in ("up", "down")}
        return all(found.values()) and found
    found = until("the policies' cooldown events", refusals, timeout=30)
    check(found == {"up": [message + "600"], "down": [message + "0"]},
          "a signal to each policy inside the 600 s cooldown the up policy started changes nothing, and an event "
          "on the policy says so with Heat's NoActionRequired text: %s" % found)
    time.sleep(2)
    after = members(heat, stack_id, "asg")
    check(sorted(after) == two and heat.resources.get(stack_id, "asg").resource_status.endswith("_COMPLETE"),
          "the group still has the same 2 members")
    heat.stacks.delete(stack_id)
    wait_for(heat, stack_id, "DELETE_COMPLETE")

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
