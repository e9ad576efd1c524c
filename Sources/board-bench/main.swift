print("board-bench 0.1.0")
