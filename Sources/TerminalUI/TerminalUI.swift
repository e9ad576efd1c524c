/// Namespace of the TerminalUI module.
public enum TerminalUIModule {}
