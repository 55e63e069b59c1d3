"""Server reflection on both its service names: ``grpc.reflection.v1.ServerReflection`` (what current
tools ask first) beside ``grpc.reflection.v1alpha.ServerReflection``.

The installed ``grpcio-reflection`` implements v1alpha only. The v1 service is the same protocol under
another package: its messages have the same fields with the same numbers, so the same servicer answers
both, and the same bytes go over the wire. The v1 file descriptor is derived from the v1alpha one (only
its name and package differ) and added to the descriptor pool, so a client can also ask reflection for
the v1 service's own description.
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool
from grpc_reflection.v1alpha import reflection, reflection_pb2

V1_PACKAGE = "grpc.reflection.v1"
V1_FILE = "grpc/reflection/v1/reflection.proto"
V1_SERVICE_NAME = f"{V1_PACKAGE}.ServerReflection"
V1ALPHA_SERVICE_NAME = reflection.SERVICE_NAME
METHOD = "ServerReflectionInfo"


def _add_v1_descriptor(pool: descriptor_pool.DescriptorPool) -> None:
    """The v1 reflection file in ``pool``: the v1alpha file under the v1 name and package."""
    try:
        pool.FindFileByName(V1_FILE)
        return
    except KeyError:
        pass
    proto = descriptor_pb2.FileDescriptorProto()
    reflection_pb2.DESCRIPTOR.CopyToProto(proto)
    old = f".{proto.package}."
    proto.name, proto.package = V1_FILE, V1_PACKAGE
    for message in proto.message_type:
        for field in message.field:
            if field.type_name.startswith(old):
                field.type_name = f".{V1_PACKAGE}." + field.type_name[len(old):]
    for service in proto.service:
        for method in service.method:
            method.input_type = f".{V1_PACKAGE}." + method.input_type[len(old):]
            method.output_type = f".{V1_PACKAGE}." + method.output_type[len(old):]
    proto.options.Clear()
    pool.Add(proto)


def enable_server_reflection(service_names: Sequence[str], server: grpc.Server) -> None:
    """Reflection for ``service_names`` (and both reflection services) on ``server``."""
    pool = descriptor_pool.Default()
    _add_v1_descriptor(pool)
    servicer = reflection.ReflectionServicer((*service_names, V1ALPHA_SERVICE_NAME, V1_SERVICE_NAME), pool=pool)
    handler = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    for name in (V1ALPHA_SERVICE_NAME, V1_SERVICE_NAME):
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(name, {METHOD: handler}),))
