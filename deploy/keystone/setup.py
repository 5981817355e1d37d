#!/usr/bin/python3
"""Registers Hearth in a bootstrapped Keystone (idempotent): the orchestration service and its endpoints, the
service user Hearth validates tokens as, the projects demo and other with their users, and a reader of demo.
Prints nothing on success. Run by deploy/ (deploy/keystone.sh) with Debian's python3-keystoneclient.

Usage: setup.py <keystone url> <orchestration endpoint url> ; passwords in the environment:
OS_PASSWORD (admin), HEARTH_PASSWORD, DEMO_PASSWORD, OTHER_PASSWORD, READER_PASSWORD.
"""
import os
import sys

from keystoneauth1 import session
from keystoneauth1.identity import v3
from keystoneclient.v3 import client

url, orchestration = sys.argv[1], sys.argv[2]
auth = v3.Password(auth_url=url, username="admin", password=os.environ["OS_PASSWORD"], project_name="admin",
                   user_domain_id="default", project_domain_id="default")
ks = client.Client(session=session.Session(auth=auth))


def one(found):
    return found[0] if found else None


def role(name):
    return one(ks.roles.list(name=name))


def project(name, description):
    return one(ks.projects.list(name=name, domain="default")) or ks.projects.create(
        name, "default", description=description)


def user(name, password, in_project, role_name):
    found = one(ks.users.list(name=name, domain="default"))
    if found:
        ks.users.update(found, password=password)
    else:
        found = ks.users.create(name, domain="default", password=password, default_project=in_project)
    ks.roles.grant(role(role_name), user=found, project=in_project)
    return found


service = one(ks.services.list(type="orchestration")) or ks.services.create(
    "heat", type="orchestration", description="Hearth (Heat-compatible orchestration)")
for interface in ("public", "internal", "admin"):
    existing = one(ks.endpoints.list(service=service, interface=interface, region="RegionOne"))
    if existing is None:
        ks.endpoints.create(service, orchestration, interface=interface, region="RegionOne")
    elif existing.url != orchestration:
        ks.endpoints.update(existing, url=orchestration)

user("hearth", os.environ["HEARTH_PASSWORD"], project("service", "Service users"), "admin")
demo = project("demo", "Hearth demo project")
user("demo", os.environ["DEMO_PASSWORD"], demo, "member")
user("reader", os.environ["READER_PASSWORD"], demo, "reader")
user("other", os.environ["OTHER_PASSWORD"], project("other", "Another project"), "member")
