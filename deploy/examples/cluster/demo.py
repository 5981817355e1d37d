"""deploy/demo-cluster's steps: create the cluster, scale it with curl through the alarm URLs, show members."""
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

STACK, API, COMPUTE = sys.argv[1], sys.argv[2], sys.argv[3]
HERE = os.path.dirname(os.path.abspath(__file__))
TOKEN = "hearth-dev-token"  # development-only token accepted by the local services
HOOKS_LOG = os.path.join(COMPUTE, "cluster-hooks.log")
TIMEOUT = 180


def ts():
    return time.strftime("%H:%M:%S")


def api(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(API + path, data=data, method=method, headers={
        "X-Auth-Token": TOKEN, "Accept": "application/json", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def fail(message):
    print("ERROR: " + message, file=sys.stderr)
    sys.exit(1)


def hook_lines():
    try:
        with open(HOOKS_LOG, encoding="utf-8") as f:
            return [line.split() for line in f if line.strip()]
    except OSError:
        return []


def members(stack_path):
    """The group's members: each member stack's server (name, id, status) from resources?nested_depth=2."""
    status, body = api("GET", stack_path + "/resources?nested_depth=2")
    if status != 200:
        fail("resources answered %s: %s" % (status, body))
    resources = body["resources"]
    group = next((r for r in resources if r["resource_name"] == "members"), None)
    servers = [r for r in resources if r["resource_type"] == "OS::Nova::Server"]
    member_rows = [r for r in resources if r.get("parent_resource") == "members"]
    return group, member_rows, servers


def wait_for(stack_path, size, what):
    deadline = time.time() + TIMEOUT
    last = None
    while time.time() < deadline:
        group, member_rows, servers = members(stack_path)
        live = [m for m in member_rows if m["resource_status"].endswith("_COMPLETE")
                and not m["resource_status"].startswith("DELETE")]
        state = (group["resource_status"] if group else "?", len(member_rows), len(live), len(servers))
        if state != last:
            print("  [%s] group %s, %d members listed, %d complete, %d servers listed" % ((ts(),) + state))
            last = state
        # each member stack's events travel on their own partition: its rows may show a moment after the group's
        if group and group["resource_status"].endswith("_COMPLETE") and len(member_rows) == size == len(live) \
                == len(servers):
            return group, member_rows, servers
        if group and group["resource_status"].endswith("_FAILED"):
            fail("%s: the group is %s: %s" % (what, group["resource_status"], group["resource_status_reason"]))
        time.sleep(1)
    fail("%s: the group did not reach %d members within %d s" % (what, size, TIMEOUT))


def show(stack_path, servers):
    print("  members (server, address, journal, hooks that ran on it):")
    for server in servers:
        folder = os.path.join(COMPUTE, "servers", server["physical_resource_id"])
        try:
            address = json.load(open(os.path.join(folder, "server.json"))).get("address")
        except OSError:
            address = "(gone)"
        runs = []
        journal = os.path.join(folder, "journal")
        for key in sorted(os.listdir(journal)) if os.path.isdir(journal) else []:
            try:
                entry = json.load(open(os.path.join(journal, key, "state.json")))
                runs.append("%s %s: %s" % (entry.get("name"), entry.get("key", {}).get("action"), entry.get("phase")))
            except OSError:
                pass
        try:
            marks = [line.strip() for line in open(os.path.join(folder, "hooks-ran.log"))]
        except OSError:
            marks = []
        print("    %s  %s  %s" % (server["physical_resource_id"], address, server.get("stack_name", "")))
        for run in runs:
            print("        journal: " + run)
        print("        hooks: " + (", ".join(marks) or "none"))


def check_hooks(expected_joins, expected_leaves):
    lines = hook_lines()
    joins = [l[1] for l in lines if l[2] == "join"]
    leaves = [l[1] for l in lines if l[2] == "leave"]
    print("  %s: %d join lines, %d leave lines" % (HOOKS_LOG, len(joins), len(leaves)))
    for line in lines:
        print("    " + " ".join(line))
    if len(joins) != len(set(joins)) or len(leaves) != len(set(leaves)):
        fail("a hook ran twice on one member")
    if len(joins) != expected_joins or len(leaves) != expected_leaves:
        fail("expected %d joins and %d leaves" % (expected_joins, expected_leaves))
    if not set(leaves) <= set(joins):
        fail("a member left that never joined")


def check_size_output(stack_path, size):
    """Stack show's output 'size' follows the group after a scaling, as Heat resolves outputs at each show."""
    deadline = time.time() + 30
    while True:
        status, body = api("GET", stack_path)
        shown = {o["output_key"]: o["output_value"] for o in (body["stack"].get("outputs") or [])} \
            if status == 200 else {}
        if shown.get("size") == size:
            print("  stack show: size = %d, status %s" % (size, body["stack"]["stack_status"]))
            return
        if time.time() > deadline:
            fail("stack show's output size is %s, not %d, 30 s after the scaling" % (shown.get("size"), size))
        time.sleep(0.5)


def scale(stack_path, outputs, output, size, joins, leaves):
    url = outputs[output]
    print("\n==> Scaling to %d: curl -X POST <%s>" % (size, output))
    print("    curl -sS -X POST '%s'" % url)
    subprocess.run(["curl", "-sS", "-m", "30", "-X", "POST", url], check=True)
    print()
    group, member_rows, servers = wait_for(stack_path, size, "scaling to %d" % size)
    show(stack_path, servers)
    check_size_output(stack_path, size)
    # a departing member's leave hook runs before its server goes: wait until the log has them all
    deadline = time.time() + 30
    while time.time() < deadline and len([l for l in hook_lines() if l[2] == "leave"]) < leaves:
        time.sleep(0.5)
    check_hooks(joins, leaves)


def main():
    if os.path.exists(HOOKS_LOG):
        os.remove(HOOKS_LOG)
    template = open(os.path.join(HERE, "cluster.yaml"), encoding="utf-8").read()
    member = open(os.path.join(HERE, "member.yaml"), encoding="utf-8").read()
    print("==> Creating stack '%s' from deploy/examples/cluster/cluster.yaml (2 members)" % STACK)
    status, body = api("POST", "/stacks", {"stack_name": STACK, "template": template,
                                           "files": {"member.yaml": member}, "parameters": {"size": 2}})
    if status != 201:
        fail("POST /stacks answered %s: %s" % (status, body))
    stack_path = "/stacks/%s/%s" % (STACK, body["stack"]["id"])
    deadline = time.time() + TIMEOUT
    last = None
    while True:
        status, body = api("GET", stack_path)
        stack = body["stack"] if status == 200 else {}
        state = (stack.get("stack_status"), stack.get("stack_status_reason"))
        if state != last:
            print("  [%s] %s -- %s" % (ts(), state[0], state[1]))
            last = state
        if state[0] in ("CREATE_COMPLETE", "CREATE_FAILED"):
            break
        if time.time() > deadline:
            fail("the stack did not complete within %d s" % TIMEOUT)
        time.sleep(0.5)
    if state[0] != "CREATE_COMPLETE":
        fail("the stack is %s" % state[0])
    outputs = {o["output_key"]: o["output_value"] for o in stack.get("outputs") or []}
    group, member_rows, servers = wait_for(stack_path, 2, "create")
    show(stack_path, servers)
    check_size_output(stack_path, 2)
    check_hooks(2, 0)
    scale(stack_path, outputs, "scale_to_four_url", 4, 4, 0)
    scale(stack_path, outputs, "scale_to_one_url", 1, 4, 3)
    print("\nDemo succeeded: %s scaled 2 -> 4 -> 1; every member's join ran once, and each of the 3 departed"
          " members ran its leave once before its server was deleted." % STACK)


main()
