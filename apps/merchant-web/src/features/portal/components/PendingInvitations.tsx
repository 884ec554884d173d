import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MerchantInvitation } from '@tullab/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { useResendInvitationMutation, useRevokeInvitationMutation } from '../api';
import { useFormat } from '../format';
import { invitationRefusal } from '../invitation-refusals';
import { ConfirmDialog } from './ConfirmDialog';

const statusColours = { pending: 'info', expired: 'default' } as const;

/** Another link for someone who missed theirs: the earlier one stops working (decision 016). */
function ResendButton({ invitation }: { invitation: MerchantInvitation }) {
  const { t } = useTranslation('merchant');
  const [resend, { isLoading }] = useResendInvitationMutation();
  const onClick = async () => {
    try {
      await resend(invitation.id).unwrap();
      notify(t('team.invitedTitle'), t('team.resent', { email: invitation.email }), 'success');
    } catch (error) {
      notify(t('team.inviteFailedTitle'), invitationRefusal(t, error), 'error');
    }
  };
  return (
    <Button size="small" variant="outlined" disabled={isLoading} onClick={() => void onClick()}>
      {isLoading ? t('team.inviting') : t('team.resend')}
    </Button>
  );
}

/** Taking an invitation back, once confirmed: its link stops working. */
function RevokeButton({ invitation }: { invitation: MerchantInvitation }) {
  const { t } = useTranslation('merchant');
  const [revoke, { isLoading }] = useRevokeInvitationMutation();
  const [asking, setAsking] = useState(false);
  const onConfirm = async () => {
    try {
      await revoke(invitation.id).unwrap();
      setAsking(false);
      notify(t('team.revokedTitle'), t('team.revoked', { email: invitation.email }), 'success');
    } catch (error) {
      setAsking(false);
      notify(t('team.revokeFailedTitle'), serverMessage(error) ?? t('team.revokeFailed'), 'error');
    }
  };
  return (
    <>
      <Button size="small" color="warning" disabled={isLoading} onClick={() => setAsking(true)}>
        {t('team.revoke')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('team.revokeTitle')}
        text={t('team.revokeText', { email: invitation.email })}
        confirm={t('team.revoke')}
        busy={isLoading}
        onConfirm={() => void onConfirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/**
 * The brand's invitations waiting for an answer (T24): they are not accounts, and each looks the same whether or not
 * its address has an account elsewhere. Each can be sent again or revoked.
 */
export function PendingInvitations({ invitations }: { invitations: MerchantInvitation[] }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  if (!invitations.length) return <Typography color="text.secondary">{t('team.noInvitations')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('team.invitations')} data-testid="merchant-invitations">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('team.name')}</TableCell>
            <TableCell scope="col">{t('team.email')}</TableCell>
            <TableCell scope="col">{t('team.status')}</TableCell>
            <TableCell scope="col">{t('team.invitedAt')}</TableCell>
            <TableCell scope="col">{t('team.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((invitation) => (
            <TableRow key={invitation.id}>
              <TableCell component="th" scope="row">
                <bdi>
                  {invitation.firstName} {invitation.lastName}
                </bdi>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>
                <bdi dir="ltr">{invitation.email}</bdi>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={statusColours[invitation.status]}
                  label={t(`team.invitationStatuses.${invitation.status}`)}
                />
              </TableCell>
              <TableCell>
                {format.moment(invitation.invitedAt)}
                {invitation.invitedBy ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('team.invitedBy', { name: invitation.invitedBy })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <ResendButton invitation={invitation} />
                  <RevokeButton invitation={invitation} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
