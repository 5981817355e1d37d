"""Heat's API gabbits (heat-tempest-plugin, unchanged) against a Heat v1 endpoint.

Usage: heat_gabbits.py GABBITS_DIR ENDPOINT TOKEN

Tempest's plugin loads the same files with gabbi's driver and an AuthenticationFixture that puts a
Keystone token in OS_TOKEN; this one puts the given token there. Prints gabbi's per-test results and
ends with "heat gabbits: N passed, M failed"; exits 0 only when every test passed.
"""
import os
import sys
import types
import unittest
import uuid

from gabbi import driver
from gabbi import fixture


def main():
    gabbits, endpoint, token = sys.argv[1:4]
    os.environ['OS_TOKEN'] = token
    os.environ['PREFIX'] = 'gabbi-' + uuid.uuid4().hex[:8]

    class AuthenticationFixture(fixture.GabbiFixture):
        def start_fixture(self):
            os.environ['OS_TOKEN'] = token

        def stop_fixture(self):
            pass

    fixtures = types.ModuleType('heat_gabbit_fixtures')
    fixtures.AuthenticationFixture = AuthenticationFixture
    suite = driver.build_tests(gabbits, unittest.TestLoader(), url=endpoint, host='',
                               fixture_module=fixtures, test_loader_name='heat_gabbits')
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors)
    print('heat gabbits: %d passed, %d failed' % (result.testsRun - failed, failed))
    return 0 if result.wasSuccessful() and result.testsRun > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
