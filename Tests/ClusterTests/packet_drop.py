"""Dropping a TCP port's packets with iptables: a silent partition, where nothing answers and
nothing is refused, as when a network between two hosts fails."""

import subprocess


class PacketDrop:
    """Drops every packet to and from `port` on this host (loopback included) while in use:
    connections through it neither fail nor answer until the kernel gives up on them."""

    def __init__(self, port):
        self.rules = [["INPUT", "-p", "tcp", "--dport", str(port), "-j", "DROP"],
                      ["INPUT", "-p", "tcp", "--sport", str(port), "-j", "DROP"]]

    def __enter__(self):
        for rule in self.rules:
            done = subprocess.run(["iptables", "-I", *rule], capture_output=True, text=True, timeout=30)
            if done.returncode != 0:
                self.__exit__(None, None, None)
                raise RuntimeError(f"iptables cannot drop packets here: {done.stderr.strip()}")
        return self

    def __exit__(self, *exception):
        for rule in self.rules:
            subprocess.run(["iptables", "-D", *rule], capture_output=True, timeout=30)
        return False
