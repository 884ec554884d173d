import { useCallback, useState } from 'react';
import { notify, type NotifyVariant } from '@tullab/web-kit/notify';

/** Shows a toast (SPEC §8) from inside the offer modal. */
export type Tell = (title: string, message: string, variant: NotifyVariant) => void;

/**
 * Toasts live outside the modal, and an open modal hides everything behind it from assistive technology: so the
 * modal also keeps the latest toast's words in a live region of its own, where screen readers hear them.
 */
export function useModalNotice(): { notice: string; tell: Tell } {
  const [notice, setNotice] = useState('');
  const tell = useCallback<Tell>((title, message, variant) => {
    notify(title, message, variant);
    setNotice(`${title} ${message}`);
  }, []);
  return { notice, tell };
}
