// A stand-in for a host portal: serves index.html and forwards /pricecat/* to a running pricecat server
// (stripping the prefix), the way a portal's reverse proxy would. Same origin, so no CORS is needed.
// Usage: node serve.mjs [--port 8090] [--pricecat http://127.0.0.1:8080]
import { readFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8090' }, pricecat: { type: 'string', default: 'http://127.0.0.1:8080' } },
});
const upstream = new URL(values.pricecat);
const page = new URL('./index.html', import.meta.url);

createServer(async (req, res) => {
  const path = req.url ?? '/';
  if (path === '/' || path.startsWith('/?')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(await readFile(page));
    return;
  }
  if (!path.startsWith('/pricecat/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const forwarded = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: path.slice('/pricecat'.length), headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`pricecat at ${upstream.href} is not answering`));
  req.pipe(forwarded);
}).listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Example portal: http://127.0.0.1:${values.port}/ (pricecat at ${upstream.href})`);
});
