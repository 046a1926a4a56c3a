import { useDomainChoices } from '../resources/domains';

/** Which of the account's domains an address is on ("" is the service's own address). */
export function DomainSelect({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange: (domain: string) => void;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const domains = useDomainChoices();
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      <option value="">The service&apos;s own address</option>
      {domains.data?.map((domain) => (
        <option key={domain.id} value={domain.domain}>
          {domain.domain}
        </option>
      ))}
    </select>
  );
}
