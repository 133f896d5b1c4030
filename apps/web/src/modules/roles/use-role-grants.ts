import type { TRoleDetail, TRoleForm } from '@app/contracts';
import { useState } from 'react';

/** One permission key of the role form's catalogue. */
export type RolePermission = TRoleForm['permissions'][number];

/**
 * The permission keys and menu entries being edited on a role, and which of them the caller may add: keys the
 * caller lacks may stay or go, but only those the role held when saved may come back.
 */
export function useRoleGrants(role: TRoleDetail | undefined, platform: boolean) {
  const isRoot = role?.key === 'role_root';
  const [saved, setSaved] = useState({ permissions: new Set(role?.permissions), menus: new Set(role?.menus) });
  const [permissions, setPermissions] = useState(() => new Set(role?.permissions));
  const [menus, setMenus] = useState(() => new Set(role?.menus));

  const canAddKey = (p: RolePermission) =>
    !isRoot && (p.grantable || saved.permissions.has(p.key)) && (platform || !p.platform);
  const canAddMenu = (r: { name: string; grantable: boolean }) => !isRoot && (r.grantable || saved.menus.has(r.name));
  const keyLocked = (p: RolePermission) => isRoot || (!permissions.has(p.key) && !canAddKey(p));

  const toggleKeys = (keys: string[], on: boolean) =>
    setPermissions((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  /** After a save: what the server now holds becomes the saved state; without it (a new role) the picks empty. */
  const reset = (held?: { permissions: string[]; menus: string[] }) => {
    if (held) setSaved({ permissions: new Set(held.permissions), menus: new Set(held.menus) });
    setPermissions(new Set(held?.permissions));
    setMenus(new Set(held?.menus));
  };

  return { isRoot, platform, saved, permissions, menus, setMenus, canAddKey, canAddMenu, keyLocked, toggleKeys, reset };
}

/** What `useRoleGrants` gives: the state the permission and menu cards show and change. */
export type RoleGrants = ReturnType<typeof useRoleGrants>;
