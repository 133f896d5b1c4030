import { describe, expect, it } from 'vitest';
import { entriesHiddenBySettings, shellModules } from './navigation.ts';

describe('menu entries turned off by settings', () => {
  const menus = { 'course-student-list': {}, liveroom: {} };
  const menuOf = (openWebrtc: string) =>
    shellModules(menus, [], entriesHiddenBySettings({ open_webrtc: openWebrtc }))
      .find((m) => m.key === 'module_course')
      ?.menu.map((entry) => entry.name);

  it('shows the live-room entry only when open_webrtc is 1, and keeps its page reachable either way', () => {
    expect(menuOf('1')).toContain('liveroom');
    expect(menuOf('0')).not.toContain('liveroom');
    const hidden = shellModules(menus, [], entriesHiddenBySettings({ open_webrtc: '0' }));
    expect(hidden.find((m) => m.key === 'module_course')?.routes.map((r) => r.name)).toContain('liveroom');
  });
});
