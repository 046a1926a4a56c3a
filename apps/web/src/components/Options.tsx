/** The options of a select, from a record of values and the names people read (an enum of the API document). */
export function Options<K extends string>({ names }: { names: Record<K, string> }) {
  return (
    <>
      {(Object.entries(names) as [K, string][]).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
