import { useEffect, useRef, useState } from 'react';
import { BLOCK_TYPES, entries } from './bio-names';
import {
  addBlock,
  imageCount,
  MAX_BLOCKS,
  MAX_IMAGES,
  moveBlock,
  removeBlock,
  type BlocksChange,
  type DraftBlock,
  type Upload,
} from './bio-draft';
import { BlockList } from './BlockList';
import { FieldProblem } from './FieldProblem';
import { Section } from '../../components/Section';

/** Changes the draft's blocks from what they are at the moment of the change. */
export type BlocksChanger = (change: (blocks: DraftBlock[]) => DraftBlock[]) => void;

/** The page's blocks: their list, what a change announces, and the buttons that add one. */
export function BlocksSection({
  blocks,
  problem,
  change,
  onChoose,
}: {
  blocks: DraftBlock[];
  problem: unknown;
  change: BlocksChanger;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
}) {
  const [announcement, setAnnouncement] = useState('');
  const focusTarget = useRef<string | null>(null);
  // Focus follows a block that moved (its button), was added (its first field) or removed (the next block).
  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    const element = document.getElementById(target);
    if (element instanceof HTMLButtonElement && element.disabled) {
      document.getElementById(target.replace(/-(up|down)$/, (_match, way: string) => (way === 'up' ? '-down' : '-up')))?.focus();
    } else element?.focus();
  });
  const apply = (made: BlocksChange | null) => {
    if (!made) return;
    change(() => made.blocks);
    setAnnouncement(made.announcement);
    focusTarget.current = made.focus;
  };
  const images = imageCount(blocks);
  const full = blocks.length >= MAX_BLOCKS;

  return (
    <Section title={`Blocks (${blocks.length} of ${MAX_BLOCKS})`}>
      <FieldProblem error={problem} field="blocks" />
      <p className="help">
        Move a block with its Move up and Move down buttons, or drag it by its handle. Buttons and social icons count their clicks.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {blocks.length === 0 ? (
        <p className="muted">No blocks yet: add the first one below.</p>
      ) : (
        <BlockList
          blocks={blocks}
          problem={problem}
          onMove={(from, to, way) => apply(moveBlock(blocks, from, to, way))}
          onRemove={(index) => apply(removeBlock(blocks, index))}
          onChange={(key, edit) => change((current) => current.map((block) => (block.key === key ? edit(block) : block)))}
          onChoose={onChoose}
        />
      )}
      <fieldset className="add-block">
        <legend id="add-block-title" tabIndex={-1}>
          Add a block
        </legend>
        {full ? (
          <p className="notice" role="status">
            A page holds at most {MAX_BLOCKS} blocks: remove one to add another.
          </p>
        ) : (
          <div className="actions">
            {entries(BLOCK_TYPES).map(([type, label]) => (
              <button
                key={type}
                type="button"
                className="secondary small"
                onClick={() => apply(addBlock(blocks, type))}
                disabled={type === 'image' && images >= MAX_IMAGES}
                aria-label={`Add a block: ${label}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        {images >= MAX_IMAGES && <p className="help">A page shows at most {MAX_IMAGES} images.</p>}
      </fieldset>
    </Section>
  );
}
