// Front door of the practice module: what other modules use (its pages are in pages.ts).

export { percent, resultPath, sessionPath } from './practice-html.tsx';
export { PRACTICE_KEY } from './queries.ts';
export { type StartableSet, StartPracticeModal } from './StartPracticeModal.tsx';
export { useJoinSet } from './use-join-set.tsx';
