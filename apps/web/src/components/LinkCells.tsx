import { formatApiDate, formatNumber } from '../format';

/** A link row's last cells, alike in every table of links: where it sends, its clicks, when it was made. */
export function LinkCells({ link }: { link: { longurl: string; clicks: number; date: string } }) {
  return (
    <>
      <td className="url">
        <bdi>{link.longurl}</bdi>
      </td>
      <td className="num">{formatNumber(link.clicks)}</td>
      <td>{formatApiDate(link.date)}</td>
    </>
  );
}
