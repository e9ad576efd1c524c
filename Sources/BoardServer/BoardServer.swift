/// Namespace of the BoardServer module.
public enum BoardServerModule {}
