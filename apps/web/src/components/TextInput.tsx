import type { InputHTMLAttributes } from 'react';

/** A text input that hands its value (not the event) to `onChange`: a form's fields stay one line each. */
export function TextInput({
  onChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { onChange: (value: string) => void }) {
  return <input {...rest} onChange={(e) => onChange(e.target.value)} />;
}
