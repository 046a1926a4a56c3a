import { useState } from 'react';
import { Field, fieldError } from '../../components/Field';
import { BUTTON_SHAPES, FONTS } from './bio-names';
import { limitsOf } from '../../limits';
import type { BioTheme } from './bio-draft';
import { Section } from '../../components/Section';
import { Options } from '../../components/Options';

/** A colour as the document takes it (`BioTheme`'s pattern, `#RRGGBB`). */
const HEX = new RegExp(limitsOf('BioThemeInput', 'background').pattern ?? '^#[0-9A-Fa-f]{6}$');

/** The colours, buttons' shape and font of the page. */
export function ThemeSection({
  theme,
  problem,
  setTheme,
}: {
  theme: BioTheme;
  problem: unknown;
  setTheme: <K extends keyof BioTheme>(key: K, value: BioTheme[K]) => void;
}) {
  const message = fieldError(problem, ['theme']);
  const color = (key: 'background' | 'text' | 'button' | 'buttonText', label: string) => (
    <Color id={`theme-${key}`} label={label} value={theme[key]} onChange={(value) => setTheme(key, value)} invalid={message !== null} />
  );
  return (
    <Section title="Theme">
      <div className="colors">
        {color('background', 'Background')}
        {color('text', 'Text')}
        {color('button', 'Buttons')}
        {color('buttonText', 'Text of the buttons')}
      </div>
      {message && (
        <p id="theme-error" className="error field-error" role="alert">
          <bdi>{message}</bdi>
        </p>
      )}
      <p className="help">Text must stand out from what is behind it (a contrast of 4.5:1 at least), so everyone can read it.</p>
      <div className="two">
        <Field id="theme-buttonShape" label="Buttons' shape">
          <select value={theme.buttonShape} onChange={(e) => setTheme('buttonShape', e.target.value as BioTheme['buttonShape'])}>
            <Options names={BUTTON_SHAPES} />
          </select>
        </Field>
        <Field id="theme-font" label="Font" help="A font of the visitor's device: nothing is downloaded.">
          <select value={theme.font} onChange={(e) => setTheme('font', e.target.value as BioTheme['font'])}>
            <Options names={FONTS} />
          </select>
        </Field>
      </div>
    </Section>
  );
}

/** A colour, picked or typed as `#RRGGBB`. */
function Color({
  id,
  label,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value);
  }
  const described = { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? 'theme-error' : undefined };
  return (
    <div className="color">
      <label htmlFor={id}>{label}</label>
      <div className="color-inputs">
        <input id={id} type="color" value={value} onChange={(e) => onChange(e.target.value)} {...described} />
        <input
          id={`${id}-hex`}
          aria-label={`${label} (hexadecimal, #RRGGBB)`}
          value={typed}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => {
            setTyped(e.target.value);
            if (HEX.test(e.target.value)) onChange(e.target.value.toLowerCase());
          }}
          {...described}
        />
      </div>
    </div>
  );
}
