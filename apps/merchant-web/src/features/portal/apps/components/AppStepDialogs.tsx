import type { BrandAppAnswer, BrandAppWithSecret } from '@tullab/contracts';
import { notify } from '@tullab/web-kit/notify';
import { useTranslation } from 'react-i18next';
import { useRevokeBrandAppMutation, useRotateBrandAppSecretMutation } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { appRefusal } from '../app-refusals';

/** A step on an app that takes effect at once for its checkouts, so it asks first (`merchant:apps.<step>` texts). */
function AskFirst({
  step,
  app,
  busy,
  run,
  onClose,
}: {
  step: 'rotate' | 'revoke';
  app: BrandAppAnswer;
  busy: boolean;
  run: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('merchant');
  const onConfirm = async () => {
    try {
      await run();
      notify(t(`apps.${step}.doneTitle`), t(`apps.${step}.done`, { name: app.name }), 'success');
    } catch (error) {
      onClose();
      notify(t(`apps.${step}.failedTitle`), appRefusal(error, `merchant:apps.${step}.failed`), 'error');
    }
  };
  return (
    <ConfirmDialog
      open
      title={t(`apps.${step}.title`, { name: app.name })}
      text={t(`apps.${step}.text`)}
      confirm={t(`apps.${step}.confirm`)}
      busy={busy}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}

/**
 * "Rotate secret" (decision 019): once confirmed, the app gets a new secret, shown once by `onRotated`, and the old
 * one stops working at once.
 */
export function RotateSecretDialog({
  app,
  onRotated,
  onClose,
}: {
  app: BrandAppAnswer;
  onRotated: (issued: BrandAppWithSecret) => void;
  onClose: () => void;
}) {
  const [rotate, { isLoading }] = useRotateBrandAppSecretMutation();
  return (
    <AskFirst
      step="rotate"
      app={app}
      busy={isLoading}
      run={async () => onRotated(await rotate(app.id).unwrap())}
      onClose={onClose}
    />
  );
}

/** "Revoke" (decision 019): once confirmed, for good; the app's client ID and secret stop working at once. */
export function RevokeAppDialog({ app, onClose }: { app: BrandAppAnswer; onClose: () => void }) {
  const [revoke, { isLoading }] = useRevokeBrandAppMutation();
  return (
    <AskFirst
      step="revoke"
      app={app}
      busy={isLoading}
      run={async () => {
        await revoke(app.id).unwrap();
        onClose();
      }}
      onClose={onClose}
    />
  );
}
