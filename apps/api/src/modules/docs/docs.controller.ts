import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { notFound } from '../../common/api-error';
import { openApiDocument } from '../../common/openapi-document';
import { Public } from '../../common/public.decorator';
import { CONFIG } from '../../config/config.provider';
import type { Config } from '../../config/config';

// The reference page is Swagger UI, served from the swagger-ui-dist package (no CDN).
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'application/javascript; charset=utf-8' },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Linkyard API reference</title>
  <link rel="stylesheet" href="/l/api/docs/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/l/api/docs/swagger-ui-bundle.js"></script>
  <script src="/l/api/docs/reference.js"></script>
</body>
</html>`;

/** The page's own script, served as a file so the page's policy allows no inline script. */
const REFERENCE_SCRIPT = "window.ui = SwaggerUIBundle({ url: '/l/api/openapi.json', dom_id: '#reference', deepLinking: true });\n";

/** Scripts and styles from this address only; the document is fetched from here too. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The contract itself, at `/l/api/openapi.json`, and its rendered reference at `/l/api/docs`. */
@Controller()
export class DocsController {
  private readonly document: string;
  private readonly assets = new Map<string, { body: Buffer; type: string }>();

  constructor(@Inject(CONFIG) config: Config) {
    // The document is written for a local default; served with this deployment's address, and for
    // the API first with a relative server: the reference page's "Try it out" then calls the
    // address the page was opened at (http://127.0.0.1:3000, a server's IP), which its policy allows.
    const document = JSON.parse(JSON.stringify(openApiDocument).split('http://localhost:3000').join(config.publicUrl)) as {
      servers: { url: string; description?: string }[];
    };
    document.servers = [
      { url: '/l/api', description: 'This service, at the address this document was fetched from.' },
      { url: `${config.publicUrl}/l/api`, description: "This service's public address (PUBLIC_URL)." },
    ];
    this.document = JSON.stringify(document);
    for (const [name, asset] of Object.entries(ASSETS)) {
      this.assets.set(name, { body: readFileSync(join(swaggerUiDir, asset.file)), type: asset.type });
    }
    this.assets.set('reference.js', { body: Buffer.from(REFERENCE_SCRIPT), type: 'application/javascript; charset=utf-8' });
  }

  @Public()
  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  getOpenApi(): string {
    return this.document;
  }

  @Public()
  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', PAGE_POLICY)
  getDocs(): string {
    return PAGE;
  }

  @Public()
  @Get('docs/:asset')
  getDocsAsset(@Param('asset') name: string, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
    const asset = this.assets.get(name);
    if (!asset) throw notFound(`There is no endpoint at /l/api/docs/${name}.`);
    reply.header('Content-Type', asset.type).header('Cache-Control', 'public, max-age=86400');
    return asset.body;
  }
}
