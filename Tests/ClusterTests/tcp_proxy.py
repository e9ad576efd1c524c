"""A TCP proxy between one node and the database, which the tests cut to part them."""

import asyncio
import contextlib
import threading


class TCPProxy:
    """Forwards connections from `listen_host`:port to the target. `cut()` resets every
    forwarded connection and refuses new ones (the node's connections fail as they do once the
    kernel gives up on a silent partition); `restore()` accepts again on the same port."""

    def __init__(self, listen_host, target_host, target_port):
        self.listen_host = listen_host
        self.target = (target_host, target_port)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = None
        self.writers = set()
        self.port = None
        self._call(self._open(0))

    def _call(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=10)

    async def _open(self, port):
        self.server = await asyncio.start_server(self._serve, self.listen_host, port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer):
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.writers.update({writer, upstream_writer})

        async def pump(source, sink):
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pump(reader, upstream_writer), pump(upstream_reader, writer))
        self.writers.difference_update({writer, upstream_writer})

    async def _cut(self):
        self.server.close()
        for writer in list(self.writers):
            transport = writer.transport
            if transport is not None:
                transport.abort()
        self.writers.clear()
        await self.server.wait_closed()

    def cut(self):
        self._call(self._cut())

    def restore(self):
        self._call(self._open(self.port))

    @contextlib.contextmanager
    def cut_off(self):
        """Cut while in use, restored after."""
        self.cut()
        try:
            yield self
        finally:
            self.restore()

    async def _shut(self):
        await self._cut()
        forwarding = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in forwarding:
            task.cancel()
        await asyncio.gather(*forwarding, return_exceptions=True)

    def close(self):
        """Cuts, ends every task still forwarding, and stops the proxy's loop and thread."""
        self._call(self._shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)
        self.loop.close()
