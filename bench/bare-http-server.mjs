// The baseline for HTTP figures: a bare node:http server answering the same JSON body.
import { createServer } from 'node:http';

const body = process.env.BENCH_BODY ?? '{"status":"ok","version":"0.0.0"}';
const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
