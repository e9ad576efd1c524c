/// Namespace of the WebSocketTransport module.
public enum WebSocketTransportModule {}
