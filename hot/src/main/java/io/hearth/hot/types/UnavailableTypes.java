package io.hearth.hot.types;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Heat's resource types whose OpenStack service Hearth does not have (no Neutron, Cinder, Trove,
 * Keystone, ... endpoint, and no compute endpoint beside the servers its drivers make): Heat answers a
 * template that uses one on a cloud without the service with {@code ResourceTypeUnavailable}
 * ({@code heat/common/exception.py}, error code 99001), which its API maps to 400. Each type is listed
 * with its plugin's {@code default_client_name} and the client plugin's service type, as in Heat's
 * {@code heat/engine/resources} and {@code heat/engine/clients/os} (read from openstack/heat's source);
 * types Heat keeps only as hidden no-ops and those of Heat's own service are not here.
 */
public final class UnavailableTypes {

    /** Heat's error type. */
    public static final String ERROR_TYPE = "ResourceTypeUnavailable";

    /** What a type needs: Heat's client name and the service type its client plugin looks up. */
    public record Service(String clientName, String serviceType) {

        /**
         * Heat's message when a template uses a type that needs this service
         * ({@code Resource._validate_service_availability}), e.g. {@code HEAT-E99001 Service neutron is not
         * available for resource type OS::Neutron::Net, reason: neutron network endpoint is not in service
         * catalog.}
         *
         * @param type the type as the template names it (an alias the environment maps is named as it is)
         */
        public String templateMessage(String type) {
            return message(type, clientName + " " + serviceType + " endpoint is not in service catalog.");
        }

        /** Heat's message when the type's schema is asked for ({@code EngineService.resource_schema}). */
        public String schemaMessage(String type) {
            return message(type, "Service endpoint not in service catalog.");
        }

        /** {@code ERROR_CODE_MAP['99001']} with Heat's {@code HEAT-E<code>} prefix. */
        private String message(String type, String reason) {
            return "HEAT-E99001 Service " + clientName + " is not available for resource type " + type
                    + ", reason: " + reason;
        }
    }

    private static final Map<String, Service> TYPES = types();

    private UnavailableTypes() {
    }

    /** The service a Heat type needs that Hearth does not have; empty for any other type. */
    public static Optional<Service> of(String type) {
        return Optional.ofNullable(TYPES.get(type));
    }

    private static Map<String, Service> types() {
        Map<String, Service> services = new HashMap<>();
        service(services, "aodh", "alarming",
                "OS::Aodh::Alarm", "OS::Aodh::CombinationAlarm", "OS::Aodh::CompositeAlarm", "OS::Aodh::EventAlarm",
                "OS::Aodh::GnocchiAggregationByMetricsAlarm", "OS::Aodh::GnocchiAggregationByResourcesAlarm",
                "OS::Aodh::GnocchiResourcesAlarm", "OS::Aodh::LBMemberHealthAlarm", "OS::Aodh::PrometheusAlarm");
        service(services, "barbican", "key-manager",
                "OS::Barbican::CertificateContainer", "OS::Barbican::GenericContainer", "OS::Barbican::Order",
                "OS::Barbican::RSAContainer", "OS::Barbican::Secret");
        service(services, "blazar", "reservation",
                "OS::Blazar::Host", "OS::Blazar::Lease");
        service(services, "cinder", "volumev3",
                "AWS::EC2::Volume", "AWS::EC2::VolumeAttachment", "OS::Cinder::EncryptedVolumeType",
                "OS::Cinder::QoSAssociation", "OS::Cinder::QoSSpecs", "OS::Cinder::Quota", "OS::Cinder::Volume",
                "OS::Cinder::VolumeAttachment", "OS::Cinder::VolumeType");
        service(services, "designate", "dns",
                "OS::Designate::RecordSet", "OS::Designate::Zone");
        service(services, "glance", "image",
                "OS::Glance::WebImage");
        service(services, "ironic", "baremetal",
                "OS::Ironic::Port");
        service(services, "keystone", "identity",
                "OS::Keystone::Domain", "OS::Keystone::Endpoint", "OS::Keystone::Group",
                "OS::Keystone::GroupRoleAssignment", "OS::Keystone::Project", "OS::Keystone::Region",
                "OS::Keystone::Role", "OS::Keystone::Service", "OS::Keystone::User",
                "OS::Keystone::UserRoleAssignment");
        service(services, "magnum", "container-infra",
                "OS::Magnum::BayModel", "OS::Magnum::Cluster", "OS::Magnum::ClusterTemplate");
        service(services, "manila", "sharev2",
                "OS::Manila::SecurityService", "OS::Manila::Share", "OS::Manila::ShareNetwork",
                "OS::Manila::ShareType");
        service(services, "mistral", "workflowv2",
                "OS::Mistral::CronTrigger", "OS::Mistral::ExternalResource", "OS::Mistral::Workflow");
        service(services, "neutron", "network",
                "AWS::EC2::NetworkInterface", "AWS::EC2::RouteTable", "AWS::EC2::Subnet",
                "AWS::EC2::SubnetRouteTableAssociation", "AWS::EC2::VPC", "AWS::EC2::VPCGatewayAttachment",
                "OS::Neutron::AddressScope", "OS::Neutron::ExtraRoute", "OS::Neutron::ExtraRouteSet",
                "OS::Neutron::Firewall", "OS::Neutron::FirewallPolicy", "OS::Neutron::FirewallRule",
                "OS::Neutron::FloatingIP", "OS::Neutron::FloatingIPAssociation", "OS::Neutron::FlowClassifier",
                "OS::Neutron::IKEPolicy", "OS::Neutron::IPsecPolicy", "OS::Neutron::IPsecSiteConnection",
                "OS::Neutron::L2Gateway", "OS::Neutron::L2GatewayConnection", "OS::Neutron::MeteringLabel",
                "OS::Neutron::MeteringRule", "OS::Neutron::Net", "OS::Neutron::NetworkGateway", "OS::Neutron::Port",
                "OS::Neutron::PortChain", "OS::Neutron::PortPair", "OS::Neutron::PortPairGroup",
                "OS::Neutron::ProviderNet", "OS::Neutron::QoSBandwidthLimitRule", "OS::Neutron::QoSDscpMarkingRule",
                "OS::Neutron::QoSMinimumBandwidthRule", "OS::Neutron::QoSMinimumPacketRateRule",
                "OS::Neutron::QoSPolicy", "OS::Neutron::Quota", "OS::Neutron::RBACPolicy", "OS::Neutron::Router",
                "OS::Neutron::RouterGateway", "OS::Neutron::RouterInterface", "OS::Neutron::SecurityGroup",
                "OS::Neutron::SecurityGroupRule", "OS::Neutron::Segment", "OS::Neutron::Subnet",
                "OS::Neutron::SubnetPool", "OS::Neutron::TaaS::TapFlow", "OS::Neutron::TaaS::TapService",
                "OS::Neutron::Trunk", "OS::Neutron::VPNService");
        service(services, "nova", "compute",
                "AWS::EC2::EIP", "AWS::EC2::EIPAssociation", "AWS::EC2::Instance", "OS::Nova::Flavor",
                "OS::Nova::FloatingIPAssociation", "OS::Nova::HostAggregate", "OS::Nova::KeyPair", "OS::Nova::Quota",
                "OS::Nova::ServerGroup");
        service(services, "octavia", "load-balancer",
                "OS::Octavia::AvailabilityZone", "OS::Octavia::AvailabilityZoneProfile", "OS::Octavia::Flavor",
                "OS::Octavia::FlavorProfile", "OS::Octavia::HealthMonitor", "OS::Octavia::L7Policy",
                "OS::Octavia::L7Rule", "OS::Octavia::Listener", "OS::Octavia::LoadBalancer", "OS::Octavia::Pool",
                "OS::Octavia::PoolMember", "OS::Octavia::Quota");
        service(services, "openstack", "network",
                "OS::Neutron::FloatingIPPortForward");
        service(services, "sahara", "data-processing",
                "OS::Sahara::Cluster", "OS::Sahara::ClusterTemplate", "OS::Sahara::DataSource",
                "OS::Sahara::ImageRegistry", "OS::Sahara::Job", "OS::Sahara::JobBinary",
                "OS::Sahara::NodeGroupTemplate");
        service(services, "swift", "object-store",
                "AWS::S3::Bucket", "OS::Heat::SwiftSignal", "OS::Heat::SwiftSignalHandle", "OS::Swift::Container");
        service(services, "trove", "database",
                "OS::Trove::Cluster", "OS::Trove::Instance");
        service(services, "zaqar", "messaging",
                "OS::Zaqar::MistralTrigger", "OS::Zaqar::Queue", "OS::Zaqar::SignedQueueURL",
                "OS::Zaqar::Subscription");
        service(services, "zun", "container",
                "OS::Zun::Container");

        return Map.copyOf(services);
    }

    private static void service(Map<String, Service> into, String client, String serviceType, String... types) {
        Service service = new Service(client, serviceType);
        for (String type : types) {
            into.put(type, service);
        }
    }
}
