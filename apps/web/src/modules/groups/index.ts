export { ClassesPage } from './ClassesPage.tsx';
export { GroupFormModal } from './GroupFormModal.tsx';
export { failureText, GroupMembersDrawer } from './GroupMembersDrawer.tsx';
