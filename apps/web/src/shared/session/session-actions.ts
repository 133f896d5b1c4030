import { api } from '../api.ts';
import { clearCurrentModule, forgetEverything } from './session-state.ts';

/** Switching organisation clears the saved module, goes to / and reloads. */
export async function switchSite(siteId: number): Promise<void> {
  await api('/user/change-site', { site_id: siteId });
  clearCurrentModule();
  window.location.assign('/');
}

export async function switchRole(rolename: string): Promise<void> {
  await api('/user/change-role', { rolename });
  clearCurrentModule();
  window.location.assign('/');
}

/** Logout ends the session on the server, forgets the client state and goes to the login page. */
export async function logout(): Promise<void> {
  try {
    await api('/index/logout', {});
  } finally {
    forgetEverything();
    window.location.assign('/login');
  }
}
