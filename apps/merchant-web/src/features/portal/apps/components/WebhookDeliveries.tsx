import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookDeliveryAnswer, WebhookDeliveryStatus } from '@tullab/contracts';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable } from '../../components/Section';
import { useFormat } from '../../format';
import { useGetWebhookDeliveriesQuery, useResendWebhookDeliveryMutation } from '../webhooks-api';

const statusColours: Record<WebhookDeliveryStatus, ChipProps['color']> = {
  pending: 'info',
  delivered: 'success',
  failed: 'error',
};

/** One delivery: what, how it went, how many tries, the endpoint's last answer, when; and "Resend". */
function DeliveryRow({ appId, delivery }: { appId: string; delivery: WebhookDeliveryAnswer }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const [resend, { isLoading }] = useResendWebhookDeliveryMutation();
  const onResend = async () => {
    try {
      await resend({ id: appId, deliveryId: delivery.id }).unwrap();
      notify(t('webhooks.deliveries.resentTitle'), t('webhooks.deliveries.resent'), 'success');
    } catch (error) {
      notify(
        t('webhooks.deliveries.resendFailedTitle'),
        serverMessage(error) ?? t('webhooks.deliveries.resendFailed'),
        'error',
      );
    }
  };
  return (
    <TableRow>
      <TableCell>
        <bdi dir="ltr">
          <code>{delivery.type}</code>
        </bdi>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={statusColours[delivery.status]}
          label={t(`webhooks.deliveries.statuses.${delivery.status}`)}
        />
      </TableCell>
      <TableCell>{format.number(delivery.attempts)}</TableCell>
      <TableCell>
        {delivery.lastStatus ?? (delivery.lastError ? t('webhooks.deliveries.noAnswer') : '–')}
      </TableCell>
      <TableCell>{format.moment(delivery.createdAt)}</TableCell>
      <TableCell align="right">
        <Button
          size="small"
          startIcon={<ReplayOutlined />}
          disabled={isLoading}
          onClick={() => void onResend()}
          aria-label={t('webhooks.deliveries.resendOne', { type: delivery.type, id: delivery.id })}
        >
          {t('webhooks.deliveries.resend')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * The app's webhook deliveries (issue 30 point 5), newest first: each event's type, status, tries, the last HTTP
 * status and when; "Resend" tries one once more now, with the same webhook-id, so the brand's server can tell.
 */
export function WebhookDeliveries({ appId }: { appId: string }) {
  const { t } = useTranslation('merchant');
  const id = useId();
  const deliveries = useGetWebhookDeliveriesQuery(appId);
  return (
    <section aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
        {t('webhooks.deliveries.title')}
      </Typography>
      <Loadable query={deliveries}>
        {(list) =>
          list.length === 0 ? (
            <Typography color="text.secondary">{t('webhooks.deliveries.none')}</Typography>
          ) : (
            <Table size="small" aria-labelledby={id}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('webhooks.deliveries.type')}</TableCell>
                  <TableCell>{t('webhooks.deliveries.status')}</TableCell>
                  <TableCell>{t('webhooks.deliveries.attempts')}</TableCell>
                  <TableCell>{t('webhooks.deliveries.lastStatus')}</TableCell>
                  <TableCell>{t('webhooks.deliveries.time')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((delivery) => (
                  <DeliveryRow key={delivery.id} appId={appId} delivery={delivery} />
                ))}
              </TableBody>
            </Table>
          )
        }
      </Loadable>
    </section>
  );
}
