import { PackBuildForm } from './PackBuildForm.tsx';
import { PackHistory } from './PackHistory.tsx';

/** The project's export tab: build a pack, then follow it in the history and download it. */
export function ExportTab({ projectId }: { projectId: number }) {
  return (
    <div data-testid="pack-export-tab">
      <PackBuildForm projectId={projectId} />
      <PackHistory projectId={projectId} />
    </div>
  );
}
