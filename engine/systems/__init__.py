"""The pairing systems, each a record in the registry (bianpai.engine.registry)."""
