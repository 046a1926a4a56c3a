import { plural } from '../format';

/** Previous and next page of a list the service pages (`currentpage`, `maxpage`, `result`). */
export function Pager({
  page,
  info,
  noun,
  many,
  onPage,
}: {
  page: number;
  info: { currentpage: number; maxpage: number; result: number };
  noun: string;
  many?: string;
  onPage: (page: number) => void;
}) {
  if (info.maxpage <= 1) return <p className="muted small">{plural(info.result, noun, many)}</p>;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {info.currentpage} of {Math.max(1, info.maxpage)} ({plural(info.result, noun, many)})
      </span>
      <button type="button" className="secondary" disabled={page >= info.maxpage} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
