import { Alert, Empty, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InSidePanel } from '../InSidePanel.tsx';
import { relabel } from '../label-pick.ts';
import type { MediaToolProps } from '../tool-props.ts';
import { type EntityLook, TextContent } from './TextContent.tsx';
import { EntityList, type EntityRowData, RelationList } from './TextLists.tsx';
import { LabelBar, LinkBar, UntaggedWarning } from './TextToolbar.tsx';
import { selectionToSpan } from './text-dom.ts';
import { assignLanes, type Entity, entitiesAt, type Span, trimSelection } from './text-model.ts';
import { DEFAULT_RELATION, isTextShape, MAX_SHAPE_TEXT, newId, type Relation, type TextShape } from './text-shapes.ts';
import { type TextTool, type ToolLabel, textToolOf, toolLabels } from './text-template.ts';
import { useItemText } from './use-item-text.ts';
import { useTextKeys } from './use-text-keys.ts';

const GREY = '#8c8c8c';
const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The text tool: select a span with the mouse and tag it with a label (label bar or its shortcut), click an
 * entity to select it (again to cycle through nested ones), Delete removes it; with no span selected a label only
 * becomes the one Enter tags with, and an entity's row changes its label (label-pick.ts); link mode relates the
 * selected entity to the next one clicked. Every finished change goes to `onChange` (the frame keeps undo / redo).
 */
export function TextAnnotator({ template, item, value, onChange, readOnly, panel }: MediaToolProps) {
  const { t } = useTranslation('text-tool');
  const tool = useMemo(() => textToolOf(template), [template]);
  const labels = useMemo(() => (tool ? toolLabels(template, tool) : []), [template, tool]);
  const { text, loading, failed } = useItemText(item, template);
  let body: React.ReactNode;
  if (loading) body = <Spin />;
  else if (failed) body = <Alert type="error" showIcon title={t('load_failed')} />;
  else if (text === null || !tool) body = <Empty description={t('no_text')} />;
  else
    body = (
      <TextEditor
        text={text}
        tool={tool}
        labels={labels}
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        panel={panel}
      />
    );
  return (
    <div data-testid="text-annotator">
      <Typography.Text type="secondary">
        #{item.seq} {item.name}
      </Typography.Text>
      <div style={{ marginTop: 8 }}>{body}</div>
    </div>
  );
}

function TextEditor({
  text,
  tool,
  labels,
  value,
  onChange,
  readOnly,
  panel,
}: Omit<MediaToolProps, 'template' | 'item'> & { text: string; tool: TextTool; labels: ToolLabel[] }) {
  const [current, setCurrent] = useState(labels[0]?.name ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<Span | null>(null);
  const [linking, setLinking] = useState(false);
  const relationLabel = useRef(DEFAULT_RELATION);
  const contentRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const justSelected = useRef(false);

  const shapes = useMemo(
    () => value.shapes.filter((s): s is TextShape => isTextShape(s, tool.id)),
    [value.shapes, tool.id],
  );
  const relations = value.relations as Relation[];
  const entities = useMemo<Entity[]>(
    () => shapes.map((s, index) => ({ index, id: s.id, start: s.start, end: s.end, label: s.label ?? '' })),
    [shapes],
  );
  const colors = useMemo(() => new Map(labels.map((l) => [l.name, l.color])), [labels]);
  const looks = useMemo(() => {
    const lanes = assignLanes(entities);
    return new Map<number, EntityLook>(
      entities.map((e) => [e.index, { color: colors.get(e.label) ?? GREY, lane: lanes.get(e.index) ?? 0 }]),
    );
  }, [entities, colors]);
  const selected = entities.find((e) => e.id === selectedId) ?? null;

  const commit = (nextShapes: unknown[], nextRelations: Relation[]) =>
    onChange({ ...value, shapes: nextShapes, relations: nextRelations });
  const addEntity = (span: Span, label: string) => {
    const id = newId(new Set(shapes.map((s) => s.id)));
    const covered = text.slice(span.start, span.end);
    const shape: TextShape = { id, tool: tool.id, type: 'text_entity', label, start: span.start, end: span.end };
    if (covered.length <= MAX_SHAPE_TEXT) shape.text = covered;
    commit([...value.shapes, shape], relations);
    setPending(null);
    setSelectedId(id);
  };
  /** A row's "change label": the one way to relabel an entity. */
  const relabelEntity = (id: string, label: string) => {
    const next = !readOnly && relabel(value.shapes, id, label, (s): s is TextShape => isTextShape(s, tool.id), labels);
    if (next) commit(next, relations);
  };
  const deleteEntity = (id: string) => {
    commit(
      value.shapes.filter((s) => !(isTextShape(s, tool.id) && s.id === id)),
      relations.filter((r) => r.from !== id && r.to !== id),
    );
    if (selectedId === id) setSelectedId(null);
    setLinking(false);
  };
  const addRelation = (from: string, to: string) => {
    const label = relationLabel.current.trim() || DEFAULT_RELATION;
    if (!relations.some((r) => r.from === from && r.to === to && r.label === label))
      commit(value.shapes, [...relations, { from, to, label }]);
    setLinking(false);
    setSelectedId(to);
  };
  /** The label bar and label keys: tag the pending span, else only choose the label of the next entity. */
  const pick = (name: string) => {
    setCurrent(name);
    if (!readOnly && pending) addEntity(pending, name);
  };
  const deleteRelationAt = (index: number) =>
    commit(
      value.shapes,
      relations.filter((_, i) => i !== index),
    );
  const clearAll = () => {
    setPending(null);
    setLinking(false);
  };

  const latest = {
    pick,
    deleteEntity,
    deleteRelation: deleteRelationAt,
    addEntity,
    relabelEntity,
    clearAll,
    current,
    pending,
    selectedId,
    readOnly,
    labels,
  };
  const actions = useRef(latest);
  actions.current = latest;

  const removeEntity = useCallback((id: string) => actions.current.deleteEntity(id), []);
  const changeLabel = useCallback((id: string, label: string) => actions.current.relabelEntity(id, label), []);
  const deleteRelation = useCallback((index: number) => actions.current.deleteRelation(index), []);
  const setRelationLabelRef = useCallback((label: string) => {
    relationLabel.current = label;
  }, []);
  const hasSelection = !!selected;
  const toggleLink = useCallback(() => setLinking((on) => !on && hasSelection), [hasSelection]);

  // A drag that started in the text may end anywhere: read the selection on the window's mouseup.
  useEffect(() => {
    const onUp = () => {
      if (!dragging.current) return;
      dragging.current = false;
      const root = contentRef.current;
      const selection = window.getSelection();
      if (!root || !selection || actions.current.readOnly) return;
      const raw = selectionToSpan(root, selection, text.length);
      if (!raw) return;
      justSelected.current = true;
      selection.removeAllRanges();
      const span = trimSelection(text, raw[0], raw[1]);
      if (!span) return;
      setPending(span);
      setSelectedId(null);
      setLinking(false);
    };
    window.addEventListener('mouseup', onUp);
    return () => window.removeEventListener('mouseup', onUp);
  }, [text]);

  useTextKeys(actions);

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (justSelected.current) {
      justSelected.current = false;
      return;
    }
    const run = (event.target as HTMLElement).closest('[data-run]');
    const hits = run ? entitiesAt(entities, Number(run.getAttribute('data-s'))) : [];
    setPending(null);
    if (hits.length === 0) {
      setSelectedId(null);
      setLinking(false);
      return;
    }
    if (linking && selected && !readOnly) {
      const target = hits.find((e) => e.id !== selected.id);
      if (target) addRelation(selected.id, target.id);
      return;
    }
    const at = hits.findIndex((e) => e.id === selectedId);
    setSelectedId((hits[(at + 1) % hits.length] as Entity).id);
  };

  const rowCache = useRef(new WeakMap<object, EntityRowData>());
  const rows = useMemo(
    () =>
      shapes.map((s, index) => {
        const color = colors.get(s.label ?? '') ?? GREY;
        const cached = rowCache.current.get(s);
        if (cached && cached.index === index && cached.color === color) return cached;
        const row = {
          index,
          id: s.id,
          label: s.label ?? '',
          color,
          text: s.text ?? text.slice(s.start, s.end),
          start: s.start,
          end: s.end,
        };
        rowCache.current.set(s, row);
        return row;
      }),
    [shapes, colors, text],
  );
  const relationRows = useMemo(() => {
    const texts = new Map(rows.map((r) => [r.id, r.text]));
    return relations.map((r, index) => ({
      index,
      label: r.label,
      from: texts.get(r.from) ?? r.from,
      to: texts.get(r.to) ?? r.to,
    }));
  }, [relations, rows]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <LabelBar labels={labels} current={current} readOnly={readOnly} onPick={pick} />
      <LinkBar
        canLink={!!selected}
        linking={linking}
        initialLabel={DEFAULT_RELATION}
        readOnly={readOnly}
        onLabel={setRelationLabelRef}
        onToggle={toggleLink}
      />
      {pending && (
        <UntaggedWarning
          preview={clip(text.slice(pending.start, pending.end))}
          label={current}
          onTag={() => addEntity(pending, current)}
          onDiscard={() => setPending(null)}
        />
      )}
      <TextContent
        text={text}
        entities={entities}
        looks={looks}
        selected={selected?.index ?? -1}
        pending={pending}
        contentRef={contentRef}
        onMouseDown={() => {
          dragging.current = true;
        }}
        onClick={onClick}
      />
      <InSidePanel panel={panel}>
        <EntityList
          rows={rows}
          labels={labels}
          selectedId={selectedId}
          readOnly={readOnly}
          onSelect={setSelectedId}
          onRelabel={changeLabel}
          onDelete={removeEntity}
        />
        <RelationList rows={relationRows} readOnly={readOnly} onDelete={deleteRelation} />
      </InSidePanel>
    </div>
  );
}
