import type { FormatWriter, PackContext, PackFormatDef, PackItem } from './pack-format.ts';

/** The common record of one finished job, shared by the JSON and JSONL formats (docs/packs.md). */
export function jobRecord(p: PackItem) {
  return {
    job_id: p.jobId,
    item: {
      id: p.item.id,
      seq: p.item.seq,
      name: p.item.name,
      kind: p.item.kind,
      width: p.item.width,
      height: p.item.height,
      ...(p.item.kind === 'text' || p.item.kind === 'record' ? { payload: p.item.payload } : {}),
      ...(p.fps !== null ? { fps: p.fps } : {}),
    },
    operator: p.operator,
    result: p.result,
  };
}

interface JsonState {
  count: number;
}

const writer: FormatWriter<JsonState> = {
  init: () => ({ count: 0 }),
  write(items, state) {
    let text = '';
    for (const p of items) {
      if (!p.result) continue;
      text += `${state.count === 0 ? '\n' : ',\n'}${JSON.stringify(jobRecord(p))}`;
      state.count += 1;
    }
    return { append: text ? [{ stream: 'items', text }] : [], files: [] };
  },
  finish(state, ctx: PackContext) {
    const head = `{"project":${JSON.stringify(ctx.projectName)},"labels":${JSON.stringify(ctx.labels)},"count":${state.count},"items":[`;
    return {
      files: [],
      assembled: [{ path: 'annotations.json', pieces: [head, { stream: 'items' }, state.count ? '\n]}\n' : ']}\n'] }],
    };
  },
};

export const jsonFormat: PackFormatDef = { id: 'json', fits: () => true, writer };
