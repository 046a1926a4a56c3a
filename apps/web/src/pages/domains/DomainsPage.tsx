import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Can } from '../../components/RoleGate';
import { errorMessage } from '../../api';
import { Field } from '../../components/Field';
import { ListPage, type Removal } from '../../components/ListPage';
import { domainList, useDomainProof, useSaveRedirects, type Domain } from '../../resources/domains';
import { AddDomain } from './AddDomain';
import { RedirectFacts } from './RedirectFacts';
import { ErrorAlert } from '../../components/FormCard';

const INTRO = "Short links on a host name of your own, such as go.example.com, instead of this service's address.";

const card = (domain: Domain) => (
  <>
    <h3>
      <Link to="/domains/$id" params={{ id: domain.id }}>
        <bdi>{domain.domain}</bdi>
      </Link>
    </h3>
    <dl className="facts plain">
      <Can operation="getDomainVerification">
        <dt>DNS</dt>
        <dd>
          <DnsState domain={domain.domain} />
        </dd>
      </Can>
      <RedirectFacts domain={domain} />
    </dl>
    <p className="small">
      <Link to="/domains/$id" params={{ id: domain.id }}>
        Orphan visits<span className="visually-hidden"> of {domain.domain}</span>
      </Link>{' '}
      <span className="muted">— visits of its root, of aliases nothing holds, and of links not open.</span>
    </p>
  </>
);

const deleteText = (domain: Domain) => (
  <>
    Links on <bdi>{domain.domain}</bdi> are kept and move to this service&apos;s own address: their old short URLs on the domain stop
    working. When one of their aliases is already taken there, the domain stays until that link is renamed or deleted.
  </>
);

const DELETED = "The domain was deleted; its links now use this service's own address.";

/** A domain's form: its redirects (a domain is added with AddDomain, above the list). */
const RedirectsForm = ({ item, onDone }: { item: Domain | null; onDone: () => void }) =>
  item && <Redirects domain={item} onDone={onDone} />;

const REMOVAL: Removal<Domain> = { text: deleteText, done: DELETED };

/** Branded domains: short links on your own host name. */
export default function DomainsPage() {
  return (
    <main id="main">
      <ListPage
        source={domainList}
        title="Branded domains"
        intro={INTRO}
        form={RedirectsForm}
        adds={false}
        edits="Change redirects"
        card={card}
        removal={REMOVAL}
      >
        <Can operation="addDomain">
          <AddDomain />
        </Can>
        <h2>Your domains</h2>
      </ListPage>
    </main>
  );
}

/** Whether a domain's DNS points at this service now (asked of the service, which asks the DNS). */
function DnsState({ domain }: { domain: string }) {
  const status = useDomainProof(domain);
  if (status.isPending) return <span className="muted">Checking…</span>;
  if (!status.data) return <span className="muted">Could not be checked: {errorMessage(status.error)}</span>;
  return status.data.points ? (
    <span className="badge ok">Points to this service</span>
  ) : (
    <span>
      <span className="badge">Not pointing here yet</span>{' '}
      <span className="small">
        Set{' '}
        {status.data.pointTo
          .map((record) => `${record.type === 'CNAME' ? 'a' : 'an'} ${record.type} record to ${record.value}`)
          .join(', or ')}
        ; DNS changes can take a while to reach everyone.
      </span>
    </span>
  );
}

function Redirects({ domain, onDone }: { domain: Domain; onDone: () => void }) {
  const [root, setRoot] = useState(domain.redirectroot);
  const [notFound, setNotFound] = useState(domain.redirect404);
  const save = useSaveRedirects();
  return (
    <form
      className="card form"
      aria-label={`Redirects of ${domain.domain}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: domain.id, redirectroot: root, redirect404: notFound }, { onSuccess: onDone });
      }}
    >
      <h3>
        Redirects of <bdi>{domain.domain}</bdi>
      </h3>
      <Field id={`root-${domain.id}`} label="The bare domain sends to" help="Empty for none." error={save.error} names={['redirectroot']}>
        <input type="url" value={root} onChange={(e) => setRoot(e.target.value)} />
      </Field>
      <Field
        id={`nf-${domain.id}`}
        label="An unknown alias sends to"
        help="And a link expired, over its click limit or not started yet. Empty for the service's own pages."
        error={save.error}
        names={['redirect404']}
      >
        <input type="url" value={notFound} onChange={(e) => setNotFound(e.target.value)} />
      </Field>
      <ErrorAlert error={save.error} fields={['redirectroot', 'redirect404']} />
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
