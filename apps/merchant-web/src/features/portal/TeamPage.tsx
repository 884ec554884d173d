import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MERCHANT_INVITATION_HOURS, type MerchantColleague } from '@tullab/contracts';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notify } from '@tullab/web-kit/notify';
import { emailText, minText } from '@tullab/web-kit/forms/rules';
import { SubmitButton } from '@tullab/web-kit/forms/SubmitButton';
import { TextInput } from '@tullab/web-kit/forms/TextInput';
import { submitting, validateWith } from '@tullab/web-kit/forms/validate';
import { messages, NAME_MIN } from '@tullab/web-kit/account/schemas';
import { useGetColleaguesQuery, useGetInvitationsQuery, useInviteColleagueMutation } from './api';
import { PendingInvitations } from './components/PendingInvitations';
import { Loadable, PageTitle, Section } from './components/Section';
import { useFormat } from './format';
import { invitationRefusal } from './invitation-refusals';

/** inviteColleagueBody's rules, with the account forms' messages. */
const inviteForm = z.object({
  firstName: minText(NAME_MIN, messages.firstName),
  lastName: minText(NAME_MIN, messages.lastName),
  email: emailText(messages.email),
});
type InviteValues = z.infer<typeof inviteForm>;
const validate = validateWith(inviteForm);

const statusColours = { active: 'success', disabled: 'default' } as const;

function Colleagues({ colleagues }: { colleagues: MerchantColleague[] }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('team.colleagues')} data-testid="merchant-colleagues">
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('team.name')}</TableCell>
            <TableCell scope="col">{t('team.email')}</TableCell>
            <TableCell scope="col">{t('team.status')}</TableCell>
            <TableCell scope="col">{t('team.joinedAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {colleagues.map((colleague) => (
            <TableRow key={colleague.id}>
              <TableCell component="th" scope="row">
                <bdi>
                  {colleague.firstName} {colleague.lastName}
                </bdi>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>
                <bdi dir="ltr">{colleague.email}</bdi>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={statusColours[colleague.status]}
                  label={t(`team.statuses.${colleague.status}`)}
                />
              </TableCell>
              <TableCell>{format.moment(colleague.joinedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The brand's merchant accounts (issue 16), its invitations waiting for an answer, and inviting a colleague: an
 * address without a Tullab account gets an e-mail with a link to join; the account is made when it is used (T24).
 */
export function TeamPage() {
  const { t } = useTranslation(['merchant', 'auth', 'forms']);
  const colleagues = useGetColleaguesQuery();
  const invitations = useGetInvitationsQuery();
  const [invite] = useInviteColleagueMutation();

  const onSubmit = (values: InviteValues, form: FormApi<InviteValues>) =>
    submitting(
      async () => {
        const email = values.email.trim();
        await invite({
          email,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        }).unwrap();
        notify(
          t('team.invitedTitle'),
          t('team.invited', { email, hours: MERCHANT_INVITATION_HOURS }),
          'success',
        );
        setTimeout(() => form.restart());
      },
      (error) => notify(t('team.inviteFailedTitle'), invitationRefusal(t, error), 'error'),
    );

  return (
    <>
      <PageTitle title={t('team.title')} />
      <Section title={t('team.colleagues')}>
        <Loadable query={colleagues}>{(list) => <Colleagues colleagues={list} />}</Loadable>
      </Section>
      <Section title={t('team.invitations')} testId="merchant-pending-invitations">
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('team.invitationsNote', { hours: MERCHANT_INVITATION_HOURS })}
        </Typography>
        <Loadable query={invitations}>{(list) => <PendingInvitations invitations={list} />}</Loadable>
      </Section>
      <Section title={t('team.inviteTitle')}>
        <Form<InviteValues>
          onSubmit={onSubmit}
          validate={validate}
          render={({ handleSubmit, submitting: busy }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={t('team.inviteTitle')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
                <TextInput name="firstName" label={t('auth:fields.firstName')} autoComplete="off" required />
                <TextInput name="lastName" label={t('auth:fields.lastName')} autoComplete="off" required />
              </Stack>
              <TextInput
                name="email"
                label={t('auth:fields.email')}
                type="email"
                autoComplete="off"
                required
              />
              <SubmitButton busy={busy} busyLabel={t('team.inviting')} sx={{ mt: 1 }}>
                {t('team.invite')}
              </SubmitButton>
            </form>
          )}
        />
      </Section>
    </>
  );
}
