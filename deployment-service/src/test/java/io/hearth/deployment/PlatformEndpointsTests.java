package io.hearth.deployment;

import io.hearth.testsupport.EventingEndpointsContract;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@WithTestResource(HearthTestResource.class)
class PlatformEndpointsTests extends EventingEndpointsContract {
}
