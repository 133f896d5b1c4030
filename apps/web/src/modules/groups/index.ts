// Front door of the groups module: what other modules use (its pages are in pages.ts).

export { GroupFormModal } from './GroupFormModal.tsx';
export { failureText, GroupMembersDrawer } from './GroupMembersDrawer.tsx';
