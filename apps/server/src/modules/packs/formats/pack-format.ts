import type { DataItemKind, PackFormat } from '@app/db/schema/index.ts';

/**
 * The contract between the pack engine (packs/*.ts) and the format writers (formats/<format>.ts).
 *
 * The engine reads a project's finished jobs in job-id order, in slices, and hands each slice to the writer. A
 * writer never holds the whole project: it returns text to append to named streams (kept by the engine in part
 * files between checkpoints) and small whole files, and keeps its own small JSON `state` (counters, ids given out,
 * "first entry written" flags), which the engine saves with each checkpoint. At the end, `finish` says how to
 * assemble the big files from literal text and streams. Same input, same slices or not → the same bytes: a stopped
 * and restarted pack gives the file an uninterrupted one gives.
 */

/** One finished job with its data item and result (docs/annotation-tools.md: shapes, fields, relations). */
export interface PackItem {
  jobId: number;
  item: {
    id: number;
    seq: number;
    /** The data item's file name (unique within the project); media in the zip sit at `media/<name>`. */
    name: string;
    kind: DataItemKind;
    /** Image size in pixels where known (from the file on upload), for YOLO/COCO normalisation. */
    width: number | null;
    height: number | null;
    /** Text items: the text that was annotated. Records: the record's fields. */
    payload: unknown;
  };
  /** The job's result document (`ZAnnotationResult`); null for a job that failed to read (counted as a failure). */
  result: AnnotationResultLike | null;
  operator: string | null;
  /** Video items: frames per second chosen in the template (1–20), for MOT frame numbers. */
  fps: number | null;
}

/** The parts of the result document a writer reads (see docs/annotation-tools.md for every shape type). */
export interface AnnotationResultLike {
  version: number;
  shapes: Array<Record<string, unknown> & { id: string; tool: string; type: string; label?: string }>;
  fields: Record<string, unknown>;
  relations?: Array<{ from: string; to: string; label: string }>;
}

/** What the writer knows about the project when it starts. */
export interface PackContext {
  projectName: string;
  /** Labels in template order (tags components), with a stable 0-based index: class ids for YOLO/COCO/VOC. */
  labels: string[];
  /** Ordered key points of the template (name per point) and skeleton edges as 0-based index pairs. */
  keypoints: { names: string[]; skeleton: Array<[number, number]> } | null;
  /** Shape types the template's tools draw (`rect`, `polygon`, ...): YOLO picks detect or segment from them. */
  shapeTypes: string[];
  includeMedia: boolean;
}

export interface StreamText {
  stream: string;
  text: string;
}

export interface WholeFile {
  path: string;
  content: string;
}

export interface SliceOutput {
  append: StreamText[];
  files: WholeFile[];
}

/** A big file put together at the end from literal text and streams, e.g. `['{"images":[', {stream:'images'}, ...]`. */
export interface AssembledFile {
  path: string;
  pieces: Array<string | { stream: string }>;
}

export interface FormatWriter<S> {
  init(ctx: PackContext): S;
  write(items: PackItem[], state: S, ctx: PackContext): SliceOutput;
  finish(state: S, ctx: PackContext): { files: WholeFile[]; assembled: AssembledFile[] };
}

/** The template components a format needs; `fits` decides whether the export tab offers it. */
export interface TemplateTraits {
  mediaKinds: DataItemKind[];
  shapeTypes: string[];
  hasFields: boolean;
}

export interface PackFormatDef {
  id: PackFormat;
  fits(traits: TemplateTraits): boolean;
  // biome-ignore lint/suspicious/noExplicitAny: each writer has its own state type.
  writer: FormatWriter<any>;
}
