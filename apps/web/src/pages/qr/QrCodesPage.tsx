import { Link } from '@tanstack/react-router';
import { ListPage } from '../../components/ListPage';
import { formatApiDate, formatNumber } from '../../format';
import { useQrs, useRemoveQr, type Qr } from '../../resources/qrs';

/** QR codes: their images, names and scans; each opens its page. */
export default function QrCodesPage() {
  return (
    <main id="main">
      <ListPage
        title="QR codes"
        noun="QR code"
        usePage={useQrs}
        records={(data) => data.qrs}
        name={(qr: Qr) => qr.name}
        loading="Loading QR codes"
        empty={
          <p>
            No QR codes yet. <Link to="/qr/new">Design one</Link>. (Every short link also has its own code, on its page.)
          </p>
        }
        create={
          <Link to="/qr/new" className="button">
            New QR code
          </Link>
        }
        cardsClass="cards qr-cards"
        card={(qr) => (
          <>
            <img src={qr.link} width={120} height={120} alt="" loading="lazy" />
            <h2>
              <Link to="/qr/$id" params={{ id: qr.id }}>
                <bdi>{qr.name}</bdi>
              </Link>
            </h2>
            <p className="small muted">
              {formatNumber(qr.scans)} scans · {formatApiDate(qr.date)}
            </p>
          </>
        )}
        remove={useRemoveQr()}
        deleteText={(qr) => (
          <>
            <bdi>{qr.name}</bdi>: printed copies of a web-address code stop leading anywhere, and its scans are deleted.
          </>
        )}
      />
    </main>
  );
}
