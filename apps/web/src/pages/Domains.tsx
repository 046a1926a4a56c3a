import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type Schemas } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { Field, formError } from '../components/Field';
import { Pager } from '../components/Pager';
import { Empty, ErrorState, Loading } from '../components/states';

type Domain = Schemas['Domain'];

/** The host of a domain as it is typed or stored (`https://go.example.com` → `go.example.com`). */
function hostOf(domain: string): string {
  try {
    return new URL(domain.includes('://') ? domain : `https://${domain}`).hostname;
  } catch {
    return '';
  }
}

/** Branded domains: short links on your own host name. */
export default function DomainsPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Domain | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const queryClient = useQueryClient();
  const domains = useQuery({
    queryKey: ['domains', page],
    queryFn: async () => (await api.GET('/domains', { params: { query: { page, limit: 25 } } })).data.data,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.DELETE('/domain/{id}/delete', { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['domains'] }),
  });
  return (
    <main id="main">
      <h1 tabIndex={-1}>Branded domains</h1>
      <p className="muted">Short links on a host name of your own, such as go.example.com, instead of this service&apos;s address.</p>
      <AddDomain />
      {remove.isError && (
        <p className="error" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      {remove.isSuccess && (
        <p className="notice" role="status">
          The domain was deleted; its links now use this service&apos;s own address.
        </p>
      )}
      <h2>Your domains</h2>
      {domains.isPending ? (
        <Loading label="Loading domains" />
      ) : domains.isError ? (
        <ErrorState error={domains.error} retry={() => void domains.refetch()} />
      ) : domains.data.domains.length === 0 ? (
        <Empty>
          <p>No branded domains yet.</p>
        </Empty>
      ) : (
        <>
          <ul className="cards">
            {domains.data.domains.map((domain) => (
              <li key={domain.id} className="card">
                <h3>
                  <bdi>{domain.domain}</bdi>
                </h3>
                <dl className="facts plain">
                  <dt>The bare domain sends to</dt>
                  <dd className="url">
                    {domain.redirectroot ? <bdi>{domain.redirectroot}</bdi> : <span className="muted">Nowhere (a page of its own)</span>}
                  </dd>
                  <dt>An unknown alias sends to</dt>
                  <dd className="url">
                    {domain.redirect404 ? <bdi>{domain.redirect404}</bdi> : <span className="muted">The not-found page</span>}
                  </dd>
                </dl>
                {editing?.id === domain.id ? (
                  <Redirects domain={domain} onDone={() => setEditing(null)} />
                ) : (
                  <div className="actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setEditing(domain)}
                      aria-label={`Change the redirects of ${domain.domain}`}
                    >
                      Change redirects
                    </button>
                    <button type="button" className="danger" onClick={() => setDeleting(domain)} aria-label={`Delete ${domain.domain}`}>
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager page={page} info={domains.data} noun="domain" onPage={setPage} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this domain?"
        confirm="Delete"
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p>
          Links on <bdi>{deleting?.domain}</bdi> are kept and move to this service&apos;s own address: their old short URLs on the domain
          stop working. When one of their aliases is already taken there, the domain stays until that link is renamed or deleted.
        </p>
      </ConfirmDialog>
    </main>
  );
}

/** Adding a domain: the DNS records to set first (a CNAME or A record to this service, and the TXT proof), then the domain. */
function AddDomain() {
  const [domain, setDomain] = useState('');
  const [root, setRoot] = useState('');
  const [notFound, setNotFound] = useState('');
  const [checked, setChecked] = useState('');
  const host = hostOf(domain);
  const queryClient = useQueryClient();
  const proof = useQuery({
    queryKey: ['domain-proof', checked],
    queryFn: async () => (await api.GET('/domain/verification', { params: { query: { domain: checked } } })).data,
    enabled: checked !== '',
    retry: false,
  });
  const add = useMutation({
    mutationFn: async () => api.POST('/domain/add', { body: { domain, redirectroot: root, redirect404: notFound } }),
    onSuccess: () => {
      setDomain('');
      setRoot('');
      setNotFound('');
      setChecked('');
      void queryClient.invalidateQueries({ queryKey: ['domains'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const service = window.location.hostname;
  return (
    <form className="card form" onSubmit={submit} aria-label="Add a domain">
      <h2>Add a domain</h2>
      <Field
        id="domain-name"
        label="Domain"
        help="With its scheme, without a path: https://go.example.com"
        error={add.error}
        names={['domain']}
      >
        <input type="url" required value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="https://go.example.com" />
      </Field>
      <button type="button" className="secondary" disabled={!host} onClick={() => setChecked(domain.trim())}>
        Show the DNS records to set
      </button>
      {checked !== '' && (
        <section className="dns" aria-labelledby="dns-title">
          <h3 id="dns-title">DNS records for {hostOf(checked)}</h3>
          {proof.isPending ? (
            <Loading label="Asking the service" />
          ) : proof.isError ? (
            <ErrorState error={proof.error} />
          ) : (
            <>
              <p className="small">
                1. Point the domain at this service: a <strong>CNAME</strong> record to <code>{service}</code> (or, for a bare domain, an{' '}
                <strong>A</strong>/<strong>AAAA</strong> record to its addresses).
              </p>
              <div className="table-wrap" role="region" aria-label="DNS records" tabIndex={0}>
                <table>
                  <caption className="visually-hidden">DNS records to set</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Name</th>
                      <th scope="col">Value</th>
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      <td>CNAME</td>
                      <td>
                        <code>{hostOf(checked)}</code>
                      </td>
                      <td>
                        <code>{service}</code>
                      </td>
                    </tr>
                    <tr>
                      <td>TXT</td>
                      <td>
                        <code>{proof.data.record}</code> <CopyButton text={proof.data.record} label="Copy the TXT record's name" />
                      </td>
                      <td className="url">
                        <code>{proof.data.value}</code> <CopyButton text={proof.data.value} label="Copy the TXT record's value" />
                      </td>
                    </tr>
                  </tbody>
                </table>
              </div>
              <p className="small" role="status">
                2. The TXT record proves the domain is yours.{' '}
                {proof.data.required
                  ? 'This service asks for it: the domain is added once the record can be read.'
                  : 'This service does not ask for it now; setting it keeps the domain yours if it starts to.'}
              </p>
            </>
          )}
        </section>
      )}
      <div className="two">
        <Field id="domain-root" label="The bare domain sends to (optional)" error={add.error} names={['redirectroot']}>
          <input type="url" value={root} onChange={(e) => setRoot(e.target.value)} />
        </Field>
        <Field id="domain-404" label="An unknown alias sends to (optional)" error={add.error} names={['redirect404']}>
          <input type="url" value={notFound} onChange={(e) => setNotFound(e.target.value)} />
        </Field>
      </div>
      {formError(add.error, ['domain', 'redirectroot', 'redirect404']) !== null && (
        <p className="error" role="alert">
          {errorMessage(add.error)}
        </p>
      )}
      {add.isSuccess && (
        <p className="notice" role="status">
          The domain was added: choose it on a link&apos;s form.
        </p>
      )}
      <button type="submit" disabled={add.isPending}>
        Add domain
      </button>
    </form>
  );
}

function Redirects({ domain, onDone }: { domain: Domain; onDone: () => void }) {
  const [root, setRoot] = useState(domain.redirectroot);
  const [notFound, setNotFound] = useState(domain.redirect404);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      api.PUT('/domain/{id}/update', { params: { path: { id: domain.id } }, body: { redirectroot: root, redirect404: notFound } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['domains'] });
      onDone();
    },
  });
  return (
    <form
      className="form"
      aria-label={`Redirects of ${domain.domain}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Field id={`root-${domain.id}`} label="The bare domain sends to" help="Empty for none." error={save.error} names={['redirectroot']}>
        <input type="url" value={root} onChange={(e) => setRoot(e.target.value)} />
      </Field>
      <Field
        id={`nf-${domain.id}`}
        label="An unknown alias sends to"
        help="Empty for the not-found page."
        error={save.error}
        names={['redirect404']}
      >
        <input type="url" value={notFound} onChange={(e) => setNotFound(e.target.value)} />
      </Field>
      {formError(save.error, ['redirectroot', 'redirect404']) !== null && (
        <p className="error" role="alert">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          Save redirects
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
