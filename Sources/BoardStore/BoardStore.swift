/// Namespace of the BoardStore module.
public enum BoardStoreModule {}
