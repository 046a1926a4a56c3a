// A real OpenID provider (the registry's oidc-provider) on loopback, for the single sign-on tests:
// started by them as its own process, as a company's provider is. Its people are read afresh
// from ACCOUNTS_FILE at each sign-in (a JSON object: account id -> claims), so a test takes a
// person out, or changes their groups, between two sign-ins. The login page signs in the account
// the authorization request names in `login_hint` at once; without one it shows a form. With
// CLOCK_OFFSET_S the provider's clock is off by that many seconds (its tokens say so).
//
// Environment: PORT, ACCOUNTS_FILE, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, CLOCK_OFFSET_S.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const offset = Number(process.env.CLOCK_OFFSET_S ?? 0) * 1000;
if (offset) {
  const realNow = Date.now;
  Date.now = () => realNow() + offset;
}
const { default: Provider } = await import('oidc-provider');

const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const accounts = () => JSON.parse(readFileSync(process.env.ACCOUNTS_FILE, 'utf8'));

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
      redirect_uris: [process.env.REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['preferred_username', 'name'],
    groups: ['groups'],
  },
  // The claims of the scopes asked for go into the ID token, as many providers put them.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['linkyard-test-provider'] },
  async findAccount(ctx, id) {
    const claims = accounts()[id];
    if (!claims) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
  },
});

const page = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title></head><body>${body}</body></html>`;

/** The provider's login and consent, without asking anything when `login_hint` names a person. */
async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params } = details;
  if (prompt.name === 'login') {
    let login = params.login_hint;
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      login = new URLSearchParams(body).get('login') ?? '';
    }
    if (!login) {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(
        page(`<h1>Test provider</h1><form method="post"><label for="login">Account</label>
          <input id="login" name="login" autofocus><button type="submit">Sign in</button></form>`),
      );
      return;
    }
    if (!accounts()[login]) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'No such person here.' });
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  // Consent: every scope and claim asked for.
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
  const missing = prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url.startsWith('/interaction/')) {
    interaction(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
    return;
  }
  callback(req, res);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`ready ${issuer}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
