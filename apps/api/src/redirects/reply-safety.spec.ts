import Fastify from 'fastify';
import { safe, sendRedirect } from './redirect-routes';

/** A bare server with the public side's error handling, and routes that fail as real ones did. */
function server() {
  const fastify = Fastify({ logger: false });
  fastify.get(
    '/raw-location',
    safe(async (_request, reply) => reply.redirect('https://ja.wikipedia.org/wiki/日本', 302)),
  );
  fastify.get(
    '/header-then-throw',
    safe(async (_request, reply) => {
      reply.header('Location', 'https://example.com/€').header('Content-Type', 'image/png');
      throw new Error('the handler failed after setting headers');
    }),
  );
  fastify.get(
    '/stored',
    safe(async (request, reply) => sendRedirect(reply, String((request.query as { to: string }).to))),
  );
  return fastify;
}

describe('public replies', () => {
  it('turn a Location that cannot be written into an error page, not a crash', async () => {
    const fastify = server();
    const response = await fastify.inject({ method: 'GET', url: '/raw-location' });
    expect(response.statusCode).toBe(500);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // The server still answers.
    expect((await fastify.inject({ method: 'GET', url: '/raw-location' })).statusCode).toBe(500);
  });

  it('start an error page from a clean reply', async () => {
    const response = await server().inject({ method: 'GET', url: '/header-then-throw' });
    expect(response.statusCode).toBe(500);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it.each([
    ['https://ja.wikipedia.org/wiki/日本', 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC'],
    ['https://example.com/café', 'https://example.com/caf%C3%A9'],
    ['https://example.com/a\u0001b\u007f', 'https://example.com/a%01b%7F'],
    ['https://bücher.example/x', 'https://xn--bcher-kva.example/x'],
    ['myapp:open item', 'myapp:open%20item'],
  ])('send a stored %j only in its normal form', async (stored, location) => {
    const response = await server().inject({ method: 'GET', url: `/stored?to=${encodeURIComponent(stored)}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'blob:https://x/1',
    'not a url',
  ])('never send %j', async (stored) => {
    const response = await server().inject({ method: 'GET', url: `/stored?to=${encodeURIComponent(stored)}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('cannot be opened');
  });
});
