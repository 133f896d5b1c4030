import { useCallback, useRef, useState } from 'react';

const LIMIT = 200;

/**
 * Undo and redo over a value owned elsewhere (the job's working result): `change` records the value it
 * replaces; `undo` / `redo` step through the recorded values. At most LIMIT steps are kept.
 */
export function useUndoable<T>(value: T, setValue: (next: T) => void) {
  const past = useRef<T[]>([]);
  const future = useRef<T[]>([]);
  const [, setVersion] = useState(0);

  const latest = useRef(value);
  latest.current = value;

  const change = useCallback(
    (next: T) => {
      past.current = [...past.current.slice(-(LIMIT - 1)), latest.current];
      future.current = [];
      setValue(next);
      setVersion((v) => v + 1);
    },
    [setValue],
  );
  const undo = useCallback(() => {
    const previous = past.current.at(-1);
    if (previous === undefined) return;
    past.current = past.current.slice(0, -1);
    future.current = [latest.current, ...future.current];
    setValue(previous);
    setVersion((v) => v + 1);
  }, [setValue]);
  const redo = useCallback(() => {
    const next = future.current[0];
    if (next === undefined) return;
    future.current = future.current.slice(1);
    past.current = [...past.current, latest.current];
    setValue(next);
    setVersion((v) => v + 1);
  }, [setValue]);

  return { change, undo, redo, canUndo: past.current.length > 0, canRedo: future.current.length > 0 };
}
