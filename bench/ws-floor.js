// The floor under the game server's network path: a bare `ws` server on loopback that does for each "move" what
// the game server's stream does at the least — reads a command, answers the sender with an acknowledgement and
// sends the other player an event — with no game, no database and no framework. Its CPU a move is what any
// server on this machine pays for the sockets and frames alone (bench/RESULTS.md, "The game server").
//
//   node bench/ws-floor.js [--games 100] [--moves 40000]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { flags } from './args.js';

const args = flags();
const GAMES = Number(args.games ?? 100);
const MOVES = Number(args.moves ?? 40_000);
// A draughts position as the server's `moves` event carries it, so the frames are of the same size.
const POSITION = 'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15';

if (process.argv[2] === 'server') {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const connections = [];
  wss.on('connection', (ws) => {
    const k = connections.length;
    connections.push(ws);
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      const version = m.version + 1;
      ws.send(JSON.stringify({ type: 'ack', ref: m.ref, id: m.game, version, status: 'active' }));
      const event = { type: 'move', id: m.game, version, last: m.move, toAct: [k & 1], position: POSITION };
      connections[k ^ 1]?.send(JSON.stringify(event));
    });
  });
  wss.on('listening', () => process.send(wss.address().port));
} else {
  const server = fork(fileURLToPath(import.meta.url), ['server']);
  const port = await new Promise((resolve) => server.once('message', resolve));
  const sockets = [];
  for (let i = 0; i < 2 * GAMES; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve) => ws.once('open', resolve));
    sockets.push(ws);
  }
  const cpuSeconds = () => {
    const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  let moves = 0;
  const t0 = performance.now();
  const cpu0 = cpuSeconds();
  const own0 = process.cpuUsage();
  // Each pair moves in turn: a move is done when its mover has the ack and the other player the event.
  await Promise.all(
    Array.from({ length: GAMES }, (_, g) => {
      const pair = [sockets[2 * g], sockets[2 * g + 1]];
      let version = 1;
      let turn = 0;
      let acked = false;
      let heard = false;
      return new Promise((done) => {
        const next = () => {
          if (moves >= MOVES) return done();
          acked = heard = false;
          const command = { type: 'command', ref: version, game: g, version, command: 'move', move: '32-28' };
          pair[turn].send(JSON.stringify(command));
        };
        for (const ws of pair) {
          ws.on('message', (data) => {
            if (JSON.parse(String(data)).type === 'ack') acked = true;
            else heard = true;
            if (acked && heard) {
              moves++;
              version++;
              turn ^= 1;
              next();
            }
          });
        }
        next();
      });
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds() - cpu0;
  const own = process.cpuUsage(own0);
  console.log(
    `bare ws, ${GAMES} games: ${Math.round(moves / seconds)} moves/s; CPU a move: server ${((cpu / moves) * 1e6).toFixed(0)} µs, ` +
      `players ${((own.user + own.system) / moves).toFixed(0)} µs`,
  );
  for (const ws of sockets) ws.close();
  server.kill();
}
