// The plain Node.js baseline of the load suite, started by `board-bench node-relay`: a `ws`
// server that forwards every text message, unparsed and unstored, to every other connection on
// the same request path, like `board-bench relay` does on libwebsockets. Binary messages close
// with 1003 and messages above 64 KiB with 1009, as on the libwebsockets transport.
//
// usage: node node-relay.js [--host H] [--port P]
// Prints "listening on HOST:PORT" once ready; SIGINT or SIGTERM closes every connection with 1001.
'use strict';

const { WebSocketServer } = require('ws');

const options = { host: '127.0.0.1', port: 0 };
const args = process.argv.slice(2);
for (let index = 0; index < args.length; index += 2) {
  const [flag, value] = [args[index], args[index + 1]];
  if (flag === '--host' && value !== undefined) options.host = value;
  else if (flag === '--port' && /^[0-9]+$/.test(value || '')) options.port = Number(value);
  else {
    process.stderr.write('usage: node node-relay.js [--host H] [--port P]\n');
    process.exit(2);
  }
}

/** Open connections by request path. */
const rooms = new Map();

const server = new WebSocketServer({ host: options.host, port: options.port, maxPayload: 64 * 1024 });

server.on('connection', (socket, request) => {
  const path = (request.url || '/').split('?')[0];
  let room = rooms.get(path);
  if (!room) {
    room = new Set();
    rooms.set(path, room);
  }
  room.add(socket);
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(1003);
      return;
    }
    for (const receiver of room) {
      if (receiver !== socket && receiver.readyState === receiver.OPEN) receiver.send(data, { binary: false });
    }
  });
  socket.on('close', () => {
    room.delete(socket);
    if (room.size === 0 && rooms.get(path) === room) rooms.delete(path);
  });
  socket.on('error', () => socket.terminate());
});

server.on('listening', () => {
  process.stdout.write(`listening on ${options.host}:${server.address().port}\n`);
});

server.on('error', (error) => {
  process.stderr.write(`node-relay: cannot listen: ${error.message}\n`);
  process.exit(1);
});

function stop() {
  server.close();
  for (const socket of server.clients) socket.close(1001);
  const exitWhenClosed = () => (server.clients.size === 0 ? process.exit(0) : setTimeout(exitWhenClosed, 20));
  exitWhenClosed();
  setTimeout(() => process.exit(0), 1000).unref();
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);
