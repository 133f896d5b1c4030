// Front door of the packs module (others import it only from here). Packs: the procedures, routes and queue jobs, and
// the format types test writers implement.

export type { PackContext, PackFormatDef, PackItem } from './formats/pack-format.ts';
export { PACK_QUEUE_JOBS, packImplementations, registerPackRoutes } from './packs.procedures.ts';
