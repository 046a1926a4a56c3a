import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { Field } from '../../components/Field';
import { ErrorState, Loading } from '../../components/states';
import { useAddDomain, useDomainProof } from '../../resources/domains';
import { domainUrl, hostOf } from './dns';
import { ErrorAlert, Notice } from '../../components/FormCard';
import { DataTable } from '../../components/DataTable';

/**
 * Adding a domain: the DNS records to set first, as the service asks for them (an A or AAAA record
 * to an address, a CNAME to a host name, and the TXT proof), with whether the domain already has
 * them; then the domain. The domain may be typed with or without `https://`.
 */
export function AddDomain() {
  const [domain, setDomain] = useState('');
  const [root, setRoot] = useState('');
  const [notFound, setNotFound] = useState('');
  const [checked, setChecked] = useState('');
  const host = hostOf(domain);
  const proof = useDomainProof(checked);
  const add = useAddDomain();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { domain: domainUrl(domain), redirectroot: root, redirect404: notFound },
      {
        onSuccess: () => {
          setDomain('');
          setRoot('');
          setNotFound('');
          setChecked('');
        },
      },
    );
  };
  return (
    <form className="card form" onSubmit={submit} aria-label="Add a domain">
      <h2>Add a domain</h2>
      <Field
        id="domain-name"
        label="Domain"
        help="Its host name, such as go.example.com (https:// is added when it is left out)."
        error={add.error}
        names={['domain']}
      >
        <input
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          placeholder="go.example.com"
        />
      </Field>
      <button type="button" className="secondary" disabled={!host} onClick={() => setChecked(domainUrl(domain))}>
        Show the DNS records to set
      </button>
      {checked !== '' && (
        <section className="dns" aria-labelledby="dns-title">
          <h3 id="dns-title">DNS records for {hostOf(checked)}</h3>
          {proof.isPending ? (
            <Loading label="Asking the service, which asks the DNS" />
          ) : !proof.data ? (
            <ErrorState error={proof.error} />
          ) : (
            <>
              <p className="small">
                1. Point the domain at this service with one of these records.{' '}
                {proof.data.points ? (
                  <span className="badge ok">Done: it points here</span>
                ) : (
                  <span className="badge">Not pointing here yet</span>
                )}
              </p>
              <DataTable label="DNS records" caption="DNS records to set" headers={['Type', 'Name', 'Value']}>
                {proof.data.pointTo.map((record) => (
                  <tr key={`${record.type}-${record.value}`}>
                    <td>{record.type}</td>
                    <td>
                      <code>{hostOf(checked)}</code>
                    </td>
                    <td>
                      <code>{record.value}</code>
                    </td>
                  </tr>
                ))}
                <tr>
                  <td>TXT</td>
                  <td>
                    <code>{proof.data.record}</code> <CopyButton text={proof.data.record} label="Copy the TXT record's name" />
                  </td>
                  <td className="url">
                    <code>{proof.data.value}</code> <CopyButton text={proof.data.value} label="Copy the TXT record's value" />
                  </td>
                </tr>
              </DataTable>
              <p className="small" role="status">
                2. The TXT record proves the domain is yours.{' '}
                {proof.data.proven
                  ? 'It is there.'
                  : proof.data.required
                    ? 'This service asks for it: the domain is added once the record can be read.'
                    : 'This service does not ask for it now; setting it keeps the domain yours if it starts to.'}
              </p>
              <button type="button" className="small secondary" onClick={() => void proof.refetch()} disabled={proof.isFetching}>
                Check the DNS again
              </button>
            </>
          )}
        </section>
      )}
      <div className="two">
        <Field id="domain-root" label="The bare domain sends to (optional)" error={add.error} names={['redirectroot']}>
          <input type="url" value={root} onChange={(e) => setRoot(e.target.value)} />
        </Field>
        <Field
          id="domain-404"
          label="An unknown alias sends to (optional)"
          help="And a link expired, over its click limit or not started yet."
          error={add.error}
          names={['redirect404']}
        >
          <input type="url" value={notFound} onChange={(e) => setNotFound(e.target.value)} />
        </Field>
      </div>
      <ErrorAlert error={add.error} fields={['domain', 'redirectroot', 'redirect404']} />
      {add.isSuccess && (
        <Notice>The domain was added: choose it on a link&apos;s form. Its card below says whether its DNS points here.</Notice>
      )}
      <button type="submit" disabled={add.isPending}>
        Add domain
      </button>
    </form>
  );
}
