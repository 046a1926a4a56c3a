import { Link } from '@tanstack/react-router';
import { Can } from '../../components/RoleGate';
import { CopyButton } from '../../components/CopyButton';
import { ListPage, type Column, type Removal } from '../../components/ListPage';
import { formatApiDate, formatNumber } from '../../format';
import { bioList, type BioSummary } from '../../resources/bio';
import './bio.css';

const INTRO =
  "A page of buttons, text, pictures and players at an address of its own, for the link in a social profile. Its visits and the clicks of its buttons are counted like a link's.";

const EMPTY = (
  <p>
    No bio pages yet.{' '}
    <Can operation="addBioPage">
      <Link to="/bio/new">Make your first one</Link>.
    </Can>
  </p>
);

const CREATE = (
  <Link to="/bio/new" className="button">
    New bio page
  </Link>
);

const COLUMNS: Column<BioSummary>[] = [
  {
    header: 'Page',
    cell: (row) => (
      <>
        <Link to="/bio/$id" params={{ id: row.id }} className="strong">
          <bdi>{row.name}</bdi>
        </Link>
        {!row.public && <span className="badge">Private</span>}
      </>
    ),
  },
  {
    header: 'Address',
    className: 'url',
    cell: (row) => (
      <>
        <a href={row.link} target="_blank" rel="noreferrer noopener">
          <bdi>{row.link.replace(/^https?:\/\//, '')}</bdi>
        </a>
        <CopyButton text={row.link} label={`Copy ${row.link}`} />
      </>
    ),
  },
  { header: 'Visits', className: 'num', cell: (row) => formatNumber(row.visits) },
  { header: 'Created', cell: (row) => formatApiDate(row.date) },
];

const actions = (row: BioSummary) => (
  <Can operation="updateBioPage">
    <Link to="/bio/$id/edit" params={{ id: row.id }} className="button secondary small" aria-label={`Edit ${row.name}`}>
      Edit
    </Link>
  </Can>
);

const deleted = (name: string) => (
  <>
    The page <bdi>{name}</bdi> was deleted.
  </>
);

const deleteText = (row: BioSummary) => (
  <>
    <bdi>{row.link}</bdi> answers “not found” at once. Its blocks, pictures and statistics (visits and clicks) are deleted with it, it
    leaves its channels, and its alias is free again for a link or another page. This cannot be undone.
  </>
);

const REMOVAL: Removal<BioSummary> = { text: deleteText, label: 'Delete the page', done: deleted };

/** A page of the account's bio pages, as the service pages them (only the page shown travels). */
export default function BioPagesPage() {
  return (
    <main id="main">
      <ListPage
        source={bioList}
        title="Bio pages"
        intro={INTRO}
        empty={EMPTY}
        create={CREATE}
        columns={COLUMNS}
        extra={actions}
        removal={REMOVAL}
      />
    </main>
  );
}
