print("board-client 0.1.0")
