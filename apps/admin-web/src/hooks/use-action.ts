import { useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage } from '../format';
import { useDataVersion } from './use-data-version';

/**
 * Runs one staff action (approve, pause, retry, …) at a time: `isPending` while it runs, a success notice when it
 * worked, the server's `{ message }` as an error notice when it did not. Resolves to the action's answer, or
 * undefined when it failed (the notice already told the user). A success makes the console's own reads load again.
 */
export function useAction() {
  const notify = useNotify();
  const [, setVersion] = useDataVersion();
  const [isPending, setPending] = useState(false);

  async function run<T>(call: () => Promise<T>, success?: string): Promise<T | undefined> {
    setPending(true);
    try {
      const result = await call();
      setVersion((version) => version + 1);
      if (success) notify(success, { type: 'success' });
      return result;
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, isPending };
}
