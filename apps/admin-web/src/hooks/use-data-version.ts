import { useStore } from 'react-admin';

/**
 * A counter bumped after every staff action (see useAction). The console's own reads (summaries, counts, stats)
 * include it in their key, so they load again after an action, as react-admin's queries do on refresh.
 */
export const useDataVersion = () => useStore<number>('console.dataVersion', 0);
