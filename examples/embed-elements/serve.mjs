// A stand-in for a clinic portal on its own origin: serves index.html and nothing else. The page loads
// pricecat's elements and calls its API across origins (pricecat must list this origin in
// PRICECAT_ALLOWED_ORIGINS). Usage: node serve.mjs [--port 8090]
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8090' } } });
const page = new URL('./index.html', import.meta.url);

const server = createServer(async (req, res) => {
  const path = req.url ?? '/';
  if (path === '/' || path.startsWith('/?')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(await readFile(page));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
});
server.listen(Number(values.port), '127.0.0.1', () => {
  // The port it really got (`--port 0` picks a free one): tests read this line.
  console.log(`Example portal: http://127.0.0.1:${server.address().port}/?pricecat=http://127.0.0.1:8080/`);
});
