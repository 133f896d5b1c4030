/** The closed list of error codes with their HTTP status. Messages live in @app/i18n (errors namespace). */
export const ERROR_STATUS = {
  invalid_input: 400,
  auth_fail: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  internal_error: 500,
  payload_too_large: 413,
  captcha_wrong: 400,
  user_not_found: 400,
  password_wrong: 400,
  account_disabled: 403,
  site_closed: 403,
  no_membership: 403,
  site_name_taken: 409,
  email_taken: 409,
  username_taken: 409,
  mobile_taken: 409,
  email_code_wrong: 400,
  email_code_retry_later: 429,
  quick_login_invalid: 401,
  role_not_held: 403,
  role_builtin: 409,
  role_in_use: 409,
  role_key_taken: 409,
  role_root_fixed: 409,
  agreement_required: 400,
  old_password_wrong: 400,
  password_same_as_old: 400,
  file_type_wrong: 400,
  file_size_wrong: 400,
  invitation_invalid: 400,
  site_in_use: 409,
  setting_not_deletable: 409,
  setting_key_taken: 409,
  dict_key_taken: 409,
  dict_value_taken: 409,
  cannot_remove_self: 409,
  import_file_wrong: 400,
  class_not_empty: 409,
  already_in_class: 409,
  group_closed: 409,
  teacher_not_verified: 409,
  resume_file_wrong: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Body of every failed call. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  details?: unknown;
}
