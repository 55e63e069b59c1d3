"""The gRPC server: servicer, the exception-to-status table, interceptors and
``create_server`` (see docs/architecture.md)."""
