import type { ApiOutput } from './api.ts';

export type RuntimeConfig = ApiOutput<'/index/runtime-config'>;

let current: RuntimeConfig = {
  tokenCookie: 'access_token',
  signedInCookie: 'access_token_signed_in',
  websocketUrl: `${location.origin.replace(/^http/, 'ws')}/ws`,
  staticBase: `${location.origin}/files`,
  helpUrl: '',
  appId: '',
  experimentUrl: '',
  labeltoolUrl: `${location.origin}/production/task-execute`,
  captcha: true,
};

/** Loads the per-origin configuration once, before the app renders (plain fetch: the API client needs it). */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/api/index/runtime-config', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await response.json()) as { data?: RuntimeConfig };
    if (body.data) current = body.data;
  } catch {
    // The defaults above fit a same-origin deployment; the first API call will report the outage.
  }
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}
