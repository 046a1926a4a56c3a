import { CopyButton } from './CopyButton';

/** A public address of the service (a rotator, a list page, a bio page): opened in a new tab, or copied. */
export function Address({ href, copy }: { href: string; copy: string }) {
  return (
    <>
      <a href={href} target="_blank" rel="noreferrer noopener">
        <bdi>{href}</bdi>
      </a>{' '}
      <CopyButton text={href} label={copy} />
    </>
  );
}
