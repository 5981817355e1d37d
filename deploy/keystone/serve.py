#!/usr/bin/python3
"""Serves Debian's Keystone (keystone-wsgi-public's application) with Debian's waitress, one request at a time (the
database is sqlite). Usage: serve.py <host> <port>; the configuration file is OS_KEYSTONE_CONFIG_FILES."""
import sys

from waitress import serve

host, port = sys.argv[1], int(sys.argv[2])
sys.argv = sys.argv[:1]  # Keystone parses the command line as its own options
from keystone.server.wsgi import initialize_public_application  # noqa: E402

serve(initialize_public_application(), host=host, port=port, threads=1, ident="keystone")
