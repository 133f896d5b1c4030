import { type CSSProperties, memo, type Ref, useMemo } from 'react';
import { anchorsOf, type Entity, overlapping, type Run, type Span, segmentRuns, splitBlocks } from './text-model.ts';

/** How one entity is drawn: its colour and underline lane. */
export interface EntityLook {
  color: string;
  lane: number;
}

const LANE = 3;
const UNDERLINE = 2;

function runStyle(run: Run, looks: ReadonlyMap<number, EntityLook>, selected: number): CSSProperties | undefined {
  if (run.covers.length === 0 && !run.pending) return undefined;
  const images: string[] = [];
  const sizes: string[] = [];
  const positions: string[] = [];
  let deepest = -1;
  for (const index of run.covers) {
    const look = looks.get(index);
    if (!look) continue;
    images.push(`linear-gradient(${look.color}, ${look.color})`);
    sizes.push(`100% ${UNDERLINE}px`);
    positions.push(`0 calc(100% - ${look.lane * LANE}px)`);
    deepest = Math.max(deepest, look.lane);
  }
  const inner = run.covers.at(-1);
  const tint = inner === undefined ? undefined : looks.get(inner)?.color;
  const isSelected = selected >= 0 && run.covers.includes(selected);
  return {
    backgroundImage: images.join(', ') || undefined,
    backgroundSize: sizes.join(', ') || undefined,
    backgroundPosition: positions.join(', ') || undefined,
    backgroundRepeat: 'no-repeat',
    backgroundColor: run.pending ? '#ffe58f' : tint ? `${tint}${isSelected ? '55' : '26'}` : undefined,
    paddingBottom: deepest >= 0 ? (deepest + 1) * LANE : undefined,
    outline: isSelected ? `1px solid ${looks.get(selected)?.color ?? '#000'}` : undefined,
    cursor: run.covers.length > 0 ? 'pointer' : undefined,
  };
}

interface BlockProps {
  block: Span;
  text: string;
  entities: Entity[];
  looks: ReadonlyMap<number, EntityLook>;
  selected: number;
  pending: Span | null;
  anchors: ReadonlyMap<number, number>;
  /** What the block's rendering depends on besides its text; equal signatures skip the re-render. */
  signature: string;
}

/** One block of the text: plain runs between span boundaries, one element per run (never per character). */
const TextBlock = memo(
  function TextBlock({ block, text, entities, looks, selected, pending, anchors }: BlockProps) {
    const runs = segmentRuns(block, entities, pending, anchors);
    return (
      <span data-s={block.start} data-e={block.end}>
        {runs.map((run) => {
          const node = (
            <span
              key={run.start}
              data-s={run.start}
              data-e={run.end}
              data-run=""
              data-testid={run.marks.length > 0 ? `entity-${run.marks[0]}` : undefined}
              style={runStyle(run, looks, selected)}
            >
              {text.slice(run.start - block.start, run.end - block.start)}
            </span>
          );
          // Entities hidden under smaller ones everywhere still get their test id, on a wrapper.
          return run.marks.slice(1).reduce(
            (inner, index) => (
              <span key={run.start} data-testid={`entity-${index}`}>
                {inner}
              </span>
            ),
            node,
          );
        })}
      </span>
    );
  },
  (a, b) => a.signature === b.signature && a.text === b.text && a.block.start === b.block.start,
);

function signatureOf(
  anchors: ReadonlyMap<number, number>,
  entities: readonly Entity[],
  looks: ReadonlyMap<number, EntityLook>,
  selected: number,
  pending: Span | null,
  block: Span,
) {
  let sig = pending && pending.start < block.end && pending.end > block.start ? `p${pending.start}-${pending.end}` : '';
  for (const e of entities) {
    const look = looks.get(e.index);
    sig += `|${e.index}:${e.start}-${e.end}@${anchors.get(e.index)}:${look?.color}:${look?.lane}${e.index === selected ? '*' : ''}`;
  }
  return sig;
}

const LINE_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 2.2em', minHeight: '2.2em' };

/** Blocks grouped by line (a line's blocks end at its line break). */
function paragraphsOf(text: string, blocks: Span[]): (Span & { blocks: Span[] })[] {
  const out: (Span & { blocks: Span[] })[] = [];
  let current: Span[] = [];
  for (const block of blocks) {
    current.push(block);
    if (text[block.end - 1] === '\n' || block.end === text.length) {
      out.push({ start: (current[0] as Span).start, end: block.end, blocks: current });
      current = [];
    }
  }
  return out;
}

/**
 * The text in blocks (lines, long lines cut near 2,000 characters), each memoised: adding or changing a span
 * re-renders only the blocks it touches. Blocks and runs carry their offsets (`data-s`, `data-e`) for
 * mapping the browser selection back to the text.
 */
export function TextContent({
  text,
  entities,
  looks,
  selected,
  pending,
  contentRef,
  ...handlers
}: {
  text: string;
  entities: readonly Entity[];
  looks: ReadonlyMap<number, EntityLook>;
  selected: number;
  pending: Span | null;
  contentRef: Ref<HTMLDivElement>;
  onMouseDown: () => void;
  onClick: (event: React.MouseEvent<HTMLDivElement>) => void;
}) {
  const paragraphs = useMemo(() => paragraphsOf(text, splitBlocks(text)), [text]);
  const sorted = useMemo(() => [...entities].sort((a, b) => a.start - b.start), [entities]);
  const longest = useMemo(() => sorted.reduce((m, e) => Math.max(m, e.end - e.start), 0), [sorted]);
  const anchors = useMemo(() => anchorsOf(entities), [entities]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: span selection is a mouse gesture; the keyboard works through the entity list
    <div
      ref={contentRef}
      data-testid="text-content"
      onMouseDown={handlers.onMouseDown}
      onClick={handlers.onClick}
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        lineHeight: 2.2,
        maxHeight: '60vh',
        overflowY: 'auto',
        padding: '4px 8px',
        border: '1px solid rgba(128,128,128,0.25)',
        borderRadius: 6,
      }}
    >
      {paragraphs.map((para) => (
        // A line is its own block box: a change inside it lays out that line only, not the whole text.
        <div key={para.start} data-s={para.start} data-e={para.end} style={LINE_STYLE}>
          {para.blocks.map((block) => {
            const inside = overlapping(sorted, block, longest);
            return (
              <TextBlock
                key={block.start}
                block={block}
                text={text.slice(block.start, block.end)}
                entities={inside}
                looks={looks}
                selected={selected}
                pending={pending}
                anchors={anchors}
                signature={signatureOf(anchors, inside, looks, selected, pending, block)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}
