"""The agent-facing interfaces, thin over Memory: an MCP server (``kronograph mcp``) and a
REST API (``kronograph serve``). Both call :mod:`.operations`, so they answer in the same
JSON shapes (:mod:`.shapes`); neither holds business logic of its own.

The SDKs are optional: ``pip install 'kronograph[server]'``.
"""
