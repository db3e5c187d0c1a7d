"""The web table: FastAPI app, WebSocket protocol, storage and the lobby."""
