/** The text tool's shapes and relations as stored in the result (docs/annotation-tools.md), and new shape ids. */

export interface TextShape {
  id: string;
  tool: string;
  type: 'text_entity';
  label?: string;
  start: number;
  end: number;
  text?: string;
}
export interface Relation {
  from: string;
  to: string;
  label: string;
}

export const DEFAULT_RELATION = 'related';
/** The result schema keeps at most this much covered text on a shape. */
export const MAX_SHAPE_TEXT = 10_000;

let counter = 0;
/** A new shape id (`t` + time + counter), different from the ids taken. */
export function newId(taken: ReadonlySet<string>): string {
  let id: string;
  do {
    counter += 1;
    id = `t${Date.now().toString(36)}${counter.toString(36)}`;
  } while (taken.has(id));
  return id;
}

export const isTextShape = (s: unknown, tool: string): s is TextShape => {
  const v = s as Partial<TextShape> | null;
  return !!v && v.type === 'text_entity' && v.tool === tool && typeof v.start === 'number' && typeof v.end === 'number';
};
