package io.hearth.notifier;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.EventingEndpointsContract;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@WithTestResource(HearthTestResource.class)
class PlatformEndpointsTests extends EventingEndpointsContract {
}
