/**
 * Rules a media tool checks in the browser before the job frame submits (things the result cannot show, such as
 * "the video must be played fully once"). A tool registers a guard while it is mounted; the frame calls
 * `submitBlockers()` before it submits and shows the messages instead when there are any. Kept tiny and free of
 * React so that the frame does not load any tool's chunk for it.
 */
type Guard = () => string | null;

const guards = new Set<Guard>();

/** Registers `guard` until the returned function is called (a tool's effect cleanup). */
export function addSubmitGuard(guard: Guard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/** The messages of the guards that refuse the submit now (each guard may also show its own notice). */
export function submitBlockers(): string[] {
  const messages: string[] = [];
  for (const guard of guards) {
    const text = guard();
    if (text) messages.push(text);
  }
  return messages;
}
