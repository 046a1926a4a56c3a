// Compiled by `pnpm --filter @linkyard/client typecheck`, never run: what a program using the
// client may write, and what the compiler must refuse (each `@ts-expect-error` fails the check
// when the line below it compiles).
import { LinkyardError, type components, type LinkyardClient } from '../src/index';

declare const linkyard: LinkyardClient;

export async function typed(): Promise<void> {
  // A success's data is there: no `!`, no `?.`, in strict mode.
  const { data: link } = await linkyard.POST('/url/add', { body: { url: 'https://example.com', status: 'public' } });
  const id: number = link.id;
  const shorturl: string = link.shorturl;
  const { data: account } = await linkyard.GET('/account');
  const email: string = account.data.email;
  const { data: stats } = await linkyard.GET('/url/{id}', { params: { path: { id } } });
  const clicks: number = stats.data.clicks;
  const { data: image } = await linkyard.GET('/url/{id}/qr', { params: { path: { id }, query: { format: 'svg' } }, parseAs: 'text' });
  const svg: string = image;
  const { data: stream } = await linkyard.GET('/urls/export', { params: { query: { format: 'csv' } }, parseAs: 'stream' });
  const reader = stream.getReader();
  for await (const domain of linkyard.paginate('/domains')) domain.redirectroot.toString();
  for await (const delivery of linkyard.paginate('/webhook/{id}/deliveries', { path: { id: 1 } })) delivery.event.type.toString();
  for await (const tag of linkyard.paginate('/tags', { query: { q: 'spr' } })) tag.links.toFixed();
  void [shorturl, email, clicks, svg, reader];

  // A misspelt field of a body is refused, at any depth.
  // @ts-expect-error `stauts` is not a field of LinkAdd
  await linkyard.POST('/url/add', { body: { url: 'https://example.com', stauts: 'public' } });
  const geotarget = [{ location: 'FR', link: 'https://example.fr' }];
  await linkyard.PUT('/url/{id}/update', { params: { path: { id } }, body: { geotarget } });
  // @ts-expect-error `lcoation` is not a field of GeoTarget
  await linkyard.PUT('/url/{id}/update', { params: { path: { id } }, body: { geotarget: [{ lcoation: 'FR', link: 'x' }] } });
  // @ts-expect-error `redirectRoot` is not a field of DomainAdd
  await linkyard.POST('/domain/add', { body: { domain: 'https://go.example.com', redirectRoot: 'https://example.com' } });
  // A value of the wrong type, a missing required field, a query parameter that does not exist.
  // @ts-expect-error status is "public" or "private"
  await linkyard.POST('/url/add', { body: { url: 'https://example.com', status: 'secret' } });
  // @ts-expect-error url is required
  await linkyard.POST('/url/add', { body: { custom: 'launch' } });
  // @ts-expect-error `sort` is not a parameter of listUrls
  await linkyard.GET('/urls', { params: { query: { sort: 'clicks' } } });
  // @ts-expect-error the path parameter is required
  await linkyard.GET('/url/{id}');
  // @ts-expect-error no such path
  await linkyard.GET('/links');

  // The error's body is typed.
  try {
    await linkyard.GET('/account');
  } catch (error) {
    if (error instanceof LinkyardError) {
      const kind: 'http' | 'network' | 'response' = error.kind;
      const message: string | undefined = error.body?.message;
      const field: string | null = error.field;
      const status: number | null = error.status;
      void [kind, message, field, status];
    }
  }
  const summary: components['schemas']['LinkSummary'] | undefined = undefined;
  void summary;
}
