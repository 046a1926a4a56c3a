import { useState, type ReactNode } from 'react';
import { FieldNotes, fieldError } from '../../components/Field';
import { kB, pictureState, type DraftBlock, type Picture, type Upload } from './bio-draft';

/**
 * A file input for a picture, labelled, with what is chosen now, its help and (when the API
 * refused the picture) the API's message beside it.
 */
function PictureInput({
  id,
  label,
  help,
  state,
  thumb,
  error,
  names,
  onFile,
  children,
}: {
  id: string;
  label: string;
  help: string;
  state: string;
  thumb: string | null;
  error: unknown;
  names: string[];
  onFile: (file: File | undefined) => Promise<void>;
  children?: ReactNode;
}) {
  const [reading, setReading] = useState(false);
  const message = fieldError(error, names);
  return (
    <div className="field picture">
      <label htmlFor={id}>{label}</label>
      {thumb && <img src={thumb} alt="" width={64} height={64} className="thumb" />}
      <p className="small" id={`${id}-state`} role="status">
        {reading ? 'Reading the picture…' : state}
      </p>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        disabled={reading}
        aria-describedby={`${id}-state ${id}-help${message ? ` ${id}-error` : ''}`}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          const input = e.target;
          setReading(true);
          void onFile(input.files?.[0]).finally(() => {
            setReading(false);
            input.value = '';
          });
        }}
      />
      <FieldNotes id={id} help={help} message={message} />
      {children}
    </div>
  );
}

/** A picture of the page (avatar, preview image): keep the stored one, choose a new one, or remove it. */
export function PictureField({
  id,
  label,
  help,
  value,
  stored,
  error,
  names,
  onChoose,
  onRemove,
  onKeep,
}: {
  id: string;
  label: string;
  help: string;
  value: Picture;
  stored: string | null;
  error: unknown;
  names: string[];
  onChoose: (file: File | undefined) => Promise<void>;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <PictureInput
      id={id}
      label={label}
      help={help}
      state={pictureState(value, stored)}
      thumb={value.kind === 'new' ? value.upload.url : null}
      error={error}
      names={names}
      onFile={onChoose}
    >
      {(value.kind === 'new' || (value.kind === 'stored' && stored)) && (
        <button type="button" className="secondary small" onClick={onRemove}>
          Remove the {label.toLowerCase()}
        </button>
      )}
      {value.kind === 'removed' && (
        <button type="button" className="secondary small" onClick={onKeep}>
          Keep the stored {label.toLowerCase()}
        </button>
      )}
    </PictureInput>
  );
}

/** The picture of an image block: a stored block keeps its picture until a new one is chosen. */
export function ImageField({
  block,
  index,
  problem,
  first,
  onChoose,
  onChange,
}: {
  block: Extract<DraftBlock, { type: 'image' }>;
  index: number;
  problem: unknown;
  first: string;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
  onChange: (upload: Upload) => void;
}) {
  const state = block.upload
    ? `New picture: ${block.upload.name} (${kB(block.upload.bytes)}), saved with the page.`
    : block.id !== undefined
      ? 'The stored picture (see the preview); choose a file to replace it.'
      : 'No picture yet: a new image block needs one.';
  return (
    <PictureInput
      id={first}
      label={`Picture (block ${index + 1})`}
      help="PNG, JPEG, WebP or GIF; made at most 1200 pixels wide."
      state={state}
      thumb={block.upload?.url ?? null}
      error={problem}
      names={[`blocks.${index}.image`]}
      onFile={async (file) => {
        const upload = await onChoose(file);
        if (upload) onChange(upload);
      }}
    />
  );
}
