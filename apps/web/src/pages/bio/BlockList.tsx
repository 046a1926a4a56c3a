import { useState, type DragEvent } from 'react';
import { BLOCK_TYPES } from './bio-names';
import { labelOf, type DraftBlock, type Upload } from './bio-draft';
import { BlockFields } from './BlockFields';
import { FieldProblem } from './FieldProblem';

/** The blocks in order: each with its fields, moved with buttons (keyboard) or dragged by its handle (mouse). */
export function BlockList({
  blocks,
  problem,
  onMove,
  onRemove,
  onChange,
  onChoose,
}: {
  blocks: DraftBlock[];
  problem: unknown;
  onMove: (from: number, to: number, way?: 'up' | 'down') => void;
  onRemove: (index: number) => void;
  onChange: (key: string, change: (block: DraftBlock) => DraftBlock) => void;
  onChoose: (file: File | undefined) => Promise<Upload | null>;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null) onMove(dragging, index);
    setDragging(null);
    setOver(null);
  };
  return (
    <ol className="blocks" aria-label="Blocks of the page, in order">
      {blocks.map((block, index) => (
        <li
          key={block.key}
          className={`block-card${over === index && dragging !== null && dragging !== index ? ' drop-target' : ''}${dragging === index ? ' dragging' : ''}`}
          onDragOver={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDrop={(event) => drop(event, index)}
          aria-labelledby={`block-${block.key}-heading`}
        >
          <div className="block-head">
            <span
              className="drag-handle"
              draggable
              aria-hidden="true"
              title="Drag to move"
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', block.key);
                const card = event.currentTarget.closest('li');
                if (card) event.dataTransfer.setDragImage(card, 16, 16);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              ⠿
            </span>
            <h3 id={`block-${block.key}-heading`}>
              {index + 1}. {BLOCK_TYPES[block.type]}
              {block.id === undefined && (
                <>
                  {' '}
                  <span className="badge">new</span>
                </>
              )}
            </h3>
            <BlockTools block={block} index={index} count={blocks.length} onMove={onMove} onRemove={onRemove} />
          </div>
          <FieldProblem error={problem} field={`blocks.${index}`} />
          <BlockFields
            block={block}
            index={index}
            problem={problem}
            onChange={(change) => onChange(block.key, change)}
            onChoose={onChoose}
          />
        </li>
      ))}
    </ol>
  );
}

/** Move up, Move down and Remove, each naming its block to a screen reader. */
function BlockTools({
  block,
  index,
  count,
  onMove,
  onRemove,
}: {
  block: DraftBlock;
  index: number;
  count: number;
  onMove: (from: number, to: number, way?: 'up' | 'down') => void;
  onRemove: (index: number) => void;
}) {
  const which = (
    <span className="visually-hidden">
      {' '}
      block {index + 1}, {labelOf(block)}
    </span>
  );
  return (
    <div className="block-tools">
      <button
        id={`block-${block.key}-up`}
        type="button"
        className="secondary small"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1, 'up')}
      >
        Move up{which}
      </button>
      <button
        id={`block-${block.key}-down`}
        type="button"
        className="secondary small"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1, 'down')}
      >
        Move down{which}
      </button>
      <button id={`block-${block.key}-remove`} type="button" className="danger small" onClick={() => onRemove(index)}>
        Remove{which}
      </button>
    </div>
  );
}
