"""The write room: everything that changes the store.

Validation at the boundary (:mod:`.statement`), the slot engine that turns statements into
one atomic change set (:mod:`.writer`, and :mod:`.bulk` for batches), ingestion of text
(:mod:`.ingest`), the lifecycle's writes (:mod:`.maintenance`) and the vault for opt-in
sensitive data (:mod:`.vault`). The facade calls in; nothing here imports the facade.
"""
