import { isFilledFieldValue, type TAnnotationResult } from './result.ts';
import type { TTemplateComponent, TTemplateContent } from './template.ts';
import { flattenComponents } from './template-rules.ts';

/**
 * Problem codes of a result against its template; each has a message in
 * both languages in the `templates` namespace (`result_problem.<code>`), with `params` as interpolation values.
 */
export const RESULT_PROBLEM_CODES = [
  'result_empty',
  'required_empty',
  'tag_group_required',
  'asterisk_group_empty',
  'tag_required',
  'annotation_incomplete',
  'shape_tool_unknown',
  'label_unknown',
  'field_unknown',
  'option_unknown',
] as const;
export type TResultProblemCode = (typeof RESULT_PROBLEM_CODES)[number];

export interface TResultProblem {
  code: TResultProblemCode;
  component_id?: string;
  shape_id?: string;
  params?: Record<string, string | number>;
}

type Component = TTemplateComponent;
const CHOICES = new Set(['radio', 'checkbox', 'select']);

/** The `tags` component whose labels a tool's shapes carry: its `labels_from`, else the first one. */
function labelSource(tool: Component, all: Component[]) {
  const tags = all.filter((c) => c.type === 'tags');
  const from = 'labels_from' in tool ? tool.labels_from : undefined;
  const source = from ? tags.find((c) => c.id === from) : tags[0];
  return source?.type === 'tags' ? source : null;
}

function shapeProblems(result: TAnnotationResult, all: Component[]): TResultProblem[] {
  const problems: TResultProblem[] = [];
  const byId = new Map(all.map((c) => [c.id, c]));
  for (const shape of result.shapes) {
    const tool = byId.get(shape.tool);
    if (!tool || tool.type !== shape.type) {
      problems.push({ code: 'shape_tool_unknown', shape_id: shape.id, params: { tool: shape.tool } });
      continue;
    }
    const source = labelSource(tool, all);
    if (shape.label && source && !source.labels.some((l) => l.name === shape.label)) {
      problems.push({ code: 'label_unknown', shape_id: shape.id, params: { label: shape.label } });
    } else if (!shape.label && source?.required) {
      problems.push({ code: 'tag_required', component_id: tool.id, shape_id: shape.id });
    }
    const incomplete =
      (tool.type === 'keypoints' && shape.type === 'keypoints' && shape.points.length !== tool.points.length) ||
      ((tool.type === 'polygon' || tool.type === 'polyline') &&
        (shape.type === 'polygon' || shape.type === 'polyline') &&
        shape.points.length < tool.min_points) ||
      ((shape.type === 'text_entity' || shape.type === 'audio_segment') && shape.end <= shape.start);
    if (incomplete) problems.push({ code: 'annotation_incomplete', component_id: tool.id, shape_id: shape.id });
  }
  return problems;
}

function fieldProblems(result: TAnnotationResult, all: Component[]): TResultProblem[] {
  const problems: TResultProblem[] = [];
  const controls = new Map<string, Component>();
  for (const c of all) if ('name' in c && typeof c.name === 'string') controls.set(c.name, c);
  for (const [name, value] of Object.entries(result.fields)) {
    const control = controls.get(name);
    if (!control) {
      problems.push({ code: 'field_unknown', params: { name } });
      continue;
    }
    const values = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
    const allowed =
      CHOICES.has(control.type) && 'options' in control
        ? new Set(control.options.map((o) => o.value))
        : control.type === 'tag_group'
          ? new Set(control.labels.map((l) => l.name))
          : null;
    const unknown = allowed && values.find((v) => !allowed.has(v));
    if (unknown) problems.push({ code: 'option_unknown', component_id: control.id, params: { value: unknown } });
  }
  for (const control of controls.values()) {
    if (!('required' in control) || !control.required || control.type === 'tags') continue;
    if (isFilledFieldValue(result.fields[control.name])) continue;
    const code = control.type === 'tag_group' ? 'tag_group_required' : 'required_empty';
    problems.push({ code, component_id: control.id, params: { label: 'label' in control ? control.label : '' } });
  }
  const asterisked = all.filter((c) => c.type === 'tag_group' && c.asterisk);
  if (asterisked.length > 0 && !asterisked.some((c) => 'name' in c && isFilledFieldValue(result.fields[c.name]))) {
    problems.push({ code: 'asterisk_group_empty' });
  }
  return problems;
}

/**
 * The rules a submitted result must meet against its template: not empty; required items, required tag groups
 * and at least one asterisked group filled; every shape drawn by a tool of the template, of its type, carrying
 * one of its labels (a label where the labels are required) and complete (every key point placed, enough
 * vertices, a span that ends after it starts); every field a control of the template with one of its options.
 * An empty list means the result may be submitted.
 */
export function resultProblems(template: TTemplateContent, result: TAnnotationResult): TResultProblem[] {
  const all = flattenComponents(template.components).map(([c]) => c);
  const hasContent = result.shapes.length > 0 || Object.values(result.fields).some(isFilledFieldValue);
  if (!hasContent) return [{ code: 'result_empty' }];
  return [...shapeProblems(result, all), ...fieldProblems(result, all)];
}
