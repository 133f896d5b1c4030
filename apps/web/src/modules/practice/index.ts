// Front door of the practice module: what other modules use (its pages are in pages.ts).

export { PRACTICE_KEY, percent, resultPath, sessionPath } from './practice-html.tsx';
export { type StartableSet, StartPracticeModal } from './StartPracticeModal.tsx';
export { useJoinSet } from './use-join-set.tsx';
