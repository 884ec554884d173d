import { useEffect, useRef, useState } from 'react';
import { useDataVersion } from './use-data-version';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  /** asks again (after an error, or when the caller knows the data changed) */
  reload: () => void;
}

/**
 * A read the standard dataProvider methods do not cover (a summary, a document, an offer's stats): loaded when the
 * component mounts, whenever `key` changes and after every staff action (unless `followActions` is false, e.g. for
 * a document, whose every view is audited). An answer that arrives for a key no longer wanted is dropped. Errors of
 * the console's dataProvider have already been through authProvider.checkError (a 401 signs out).
 */
export function useLoaded<T>(key: string, load: () => Promise<T>, { followActions = true } = {}): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const [version] = useDataVersion();
  const wanted = `${key}#${attempt}#${followActions ? version : 0}`;
  const [state, setState] = useState<{ key: string; data?: T; error?: Error }>({ key: '' });
  const latestLoad = useRef(load);

  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    let current = true;
    latestLoad.current().then(
      (data) => current && setState({ key: wanted, data }),
      (error: unknown) =>
        current &&
        setState({ key: wanted, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  const settled = state.key === wanted ? state : { data: undefined, error: undefined };
  return {
    data: settled.data,
    error: settled.error,
    reload: () => setAttempt((n) => n + 1),
  };
}
