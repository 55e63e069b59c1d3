"""judge: an event-sourced rules judge for tabletop card games, served over gRPC."""
