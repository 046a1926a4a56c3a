// The baseline: the least a Node server can do for a redirect. Same machine, same load generator.
// WORKERS=n: n such processes sharing the port through node:cluster, as Linkyard's WORKERS does.
import cluster from 'node:cluster';
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 4100);
const workers = Number(process.env.WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
} else {
  createServer((_request, response) => {
    response.writeHead(302, { location: 'https://example.com/landing', 'cache-control': 'no-store' });
    response.end();
  }).listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
}
