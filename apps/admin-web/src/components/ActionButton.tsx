import type { RouteRef } from '@tullab/contracts';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Confirm, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { useAction } from '../hooks/use-action';
import { useConsoleDataProvider } from '../providers/dataProvider';

export interface ActionButtonProps {
  /** the declared route of the action (`offersAdmin.pauseOffer` of the route table), or the one for the record; its `:id` is the record's */
  route: RouteRef | ((record: RaRecord) => RouteRef);
  label: string;
  icon: ReactElement;
  /** the notice once it worked */
  success: string;
  /** asks first (for actions with consequences): the dialog's title and text */
  confirm?: { title: string; content: ReactNode };
  color?: 'primary' | 'error';
}

/**
 * One admin action on the current record (pause an offer, mark a message handled, retry a job, …): confirmed
 * first when asked, disabled while it runs, then the page's data is refreshed.
 */
export function ActionButton({ route, label, icon, success, confirm, color = 'primary' }: ActionButtonProps) {
  const record = useRecordContext();
  const dataProvider = useConsoleDataProvider();
  const refresh = useRefresh();
  const { run, isPending } = useAction();
  const [asking, setAsking] = useState(false);
  if (!record) return null;

  const perform = async () => {
    setAsking(false);
    const declared = typeof route === 'function' ? route(record) : route;
    const answer = await run(() => dataProvider.call(declared, { id: record.id }), success);
    if (answer) refresh();
  };

  return (
    // A click here (or in the dialog, whose events bubble through React's tree) must not also open a list row.
    <span onClick={(event) => event.stopPropagation()}>
      <Button
        label={label}
        color={color}
        disabled={isPending}
        onClick={() => (confirm ? setAsking(true) : void perform())}
      >
        {icon}
      </Button>
      {confirm ? (
        <Confirm
          isOpen={asking}
          loading={isPending}
          title={confirm.title}
          content={confirm.content}
          confirm={label}
          onConfirm={perform}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </span>
  );
}
