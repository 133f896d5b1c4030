// The experiments module's pages: one chunk, loaded only through a dynamic import. The authors' list with its drawer
// (`/experiment-manage`), the learners' list (`/trainingcamp/experiment-code`), and the code lab (`/program`, outside
// the shell), which is a chunk of its own so CodeMirror loads only there.

import { createElement, lazy } from 'react';

export { ExperimentManagePage } from './ExperimentManagePage.tsx';
export { StudentExperimentsPage } from './StudentExperimentsPage.tsx';

const LazyProgramPage = lazy(async () => ({ default: (await import('./ProgramPage.tsx')).ProgramPage }));
/** The code lab (a component, not the lazy itself: the router's own lazy() must resolve to a function). */
export function ProgramPage() {
  return createElement(LazyProgramPage);
}
