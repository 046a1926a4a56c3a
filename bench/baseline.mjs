// The baseline: the least a Node server can do for a redirect. Same machine, same load generator.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 4100);
createServer((_request, response) => {
  response.writeHead(302, { location: 'https://example.com/landing', 'cache-control': 'no-store' });
  response.end();
}).listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
