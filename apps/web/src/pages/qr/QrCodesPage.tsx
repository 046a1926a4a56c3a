import { Link } from '@tanstack/react-router';
import { Can } from '../../components/RoleGate';
import { ListPage, type Removal } from '../../components/ListPage';
import { formatApiDate, formatNumber } from '../../format';
import { type Qr, qrList } from '../../resources/qrs';
import { CardTitle } from '../../components/CardTitle';

const EMPTY = (
  <p>
    No QR codes yet.{' '}
    <Can operation="addQr">
      <Link to="/qr/new">Design one</Link>.
    </Can>{' '}
    (Every short link also has its own code, on its page.)
  </p>
);

const CREATE = (
  <Link to="/qr/new" className="button">
    New QR code
  </Link>
);

const card = (qr: Qr) => (
  <>
    <img src={qr.link} width={120} height={120} alt="" loading="lazy" />
    <CardTitle to="/qr/$id" id={qr.id} name={qr.name} />
    <p className="small muted">
      {formatNumber(qr.scans)} scans · {formatApiDate(qr.date)}
    </p>
  </>
);

const deleteText = (qr: Qr) => (
  <>
    <bdi>{qr.name}</bdi>: printed copies of a web-address code stop leading anywhere, and its scans are deleted.
  </>
);

const REMOVAL: Removal<Qr> = { text: deleteText };

/** QR codes: their images, names and scans; each opens its page. */
export default function QrCodesPage() {
  return (
    <main id="main">
      <ListPage source={qrList} title="QR codes" empty={EMPTY} create={CREATE} cardsClass="cards qr-cards" card={card} removal={REMOVAL} />
    </main>
  );
}
