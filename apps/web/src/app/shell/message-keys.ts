/** The query of the caller's notices (the bell loads it; the panel refreshes it after marking them read). */
export const MESSAGES_KEY = ['user-messages'] as const;
