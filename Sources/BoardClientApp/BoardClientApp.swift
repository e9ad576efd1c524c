/// Namespace of the BoardClientApp module.
public enum BoardClientAppModule {}
