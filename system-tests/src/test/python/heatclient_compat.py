"""Drives a running Hearth with OpenStack's own Heat client library (python3-heatclient),
unchanged, as existing scripts would: template validate, preview, create, list, show, outputs, events,
template, update (PUT and PATCH), delete; software configs and deployments; wait conditions (a hook's
curl_cli on the local compute driver, a FAILURE sent with resources.signal).

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
    check(deleted is None or deleted.stack_status == "DELETE_COMPLETE", "stacks.delete reached DELETE_COMPLETE")
    check(name not in [s.stack_name for s in heat.stacks.list()], "the deleted stack left stacks.list")

    software_configs_and_deployments(heat)
    wait_conditions(heat)
    heat_api_details(heat, endpoint, token)

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
    check(len(items) == 1 and items[0]["id"] == deployment.id,
          "software_deployments.metadata gives the server's one item")
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


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
