print("board-server 0.1.0")
