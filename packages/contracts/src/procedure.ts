import type { z } from 'zod';

/** Who may call a procedure. `permission` names the key the caller's current role must hold. */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'permission'; readonly key: string };

export interface Procedure<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
  P extends string = string,
> {
  readonly path: P;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  readonly access: A;
  /**
   * Input fields that carry ids of tenant-owned records, with the kind of record each names.
   * Another organisation's id answers `not_found`; the generated access tests check every one.
   */
  readonly tenantIds: Readonly<Record<string, TenantResource>>;
  /** Largest request body in bytes, when this procedure needs more than the server's default (1 MB). */
  readonly bodyLimit?: number;
  /**
   * A multipart upload (`multipart/form-data`): the input's fields come first as form fields (numbers as text,
   * so id fields use `z.coerce`), then at most `maxFiles` files of at most `maxBytes` each.
   */
  readonly upload?: UploadSpec;
  /**
   * A platform procedure: it acts across organisations (platform administration), so its ids are not
   * tenant-scoped; only platform roles (root, operator) may hold its key (a test checks).
   */
  readonly platform: boolean;
  /**
   * `opens`: the answer starts a session (its output carries `accessToken`), so the server also sets the session
   * cookie; `ends`: the answer ends the caller's session and clears the cookie.
   */
  readonly session?: SessionEffect;
}

export type SessionEffect = 'opens' | 'ends';

export interface UploadSpec {
  readonly maxBytes: number;
  readonly maxFiles: number;
}

/** Kinds of tenant-owned records that inputs refer to by id. Modules add theirs here. */
export type TenantResource =
  | 'site'
  | 'user'
  | 'invitation'
  | 'membership'
  | 'group'
  | 'tag'
  | 'teacher'
  | 'teacher_notice'
  | 'template'
  | 'label_dict'
  | 'project'
  | 'project_attachment'
  | 'data_item'
  | 'batch'
  | 'step'
  | 'task'
  | 'job'
  | 'question_category'
  | 'question'
  | 'knowledge_map'
  | 'knowledge_node'
  | 'knowledge_label'
  | 'question_report'
  | 'practice_set'
  | 'practice_session'
  | 'cdkey_batch'
  | 'cdkey'
  | 'exam'
  | 'exam_attempt'
  | 'cert_template'
  | 'certificate'
  | 'pack'
  | 'course_category'
  | 'course'
  | 'course_chapter'
  | 'teaching_source'
  | 'experiment'
  | 'experiment_submission'
  | 'teaching_source_upload'
  | 'course_task'
  | 'interaction'
  | 'interaction_run'
  | 'live_room';

type AccessSpec = 'public' | 'authenticated' | { permission: string } | undefined;
type AccessOf<S extends AccessSpec> = S extends 'public'
  ? { readonly kind: 'public' }
  : S extends 'authenticated'
    ? { readonly kind: 'authenticated' }
    : { readonly kind: 'permission'; readonly key: string };

/**
 * Declares one procedure of the call contract. It is mounted as `POST /api<path>`.
 * Access defaults to a permission whose key is the path itself.
 */
export function procedure<
  I extends z.ZodType,
  O extends z.ZodType,
  const S extends AccessSpec = undefined,
  const P extends string = string,
>(def: {
  path: P;
  summary: string;
  input: I;
  output: O;
  access?: S;
  tenantIds?: Readonly<Record<string, TenantResource>>;
  bodyLimit?: number;
  upload?: UploadSpec;
  platform?: boolean;
  session?: O extends z.ZodType<{ accessToken: string }> ? SessionEffect : 'ends';
}): Procedure<I, O, AccessOf<S>, P> {
  const spec = def.access as AccessSpec;
  const access =
    spec === 'public' || spec === 'authenticated'
      ? { kind: spec }
      : { kind: 'permission' as const, key: spec?.permission ?? def.path };
  return {
    path: def.path,
    summary: def.summary,
    input: def.input,
    output: def.output,
    access: access as AccessOf<S>,
    tenantIds: def.tenantIds ?? {},
    platform: def.platform ?? false,
    ...(def.bodyLimit === undefined ? {} : { bodyLimit: def.bodyLimit }),
    ...(def.upload === undefined ? {} : { upload: def.upload }),
    ...(def.session === undefined ? {} : { session: def.session }),
  };
}

export type InputOf<P extends Procedure> = z.input<P['input']>;
export type ParsedInputOf<P extends Procedure> = z.output<P['input']>;
export type OutputOf<P extends Procedure> = z.input<P['output']>;
