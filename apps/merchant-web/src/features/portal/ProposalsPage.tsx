import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { MAX_PENDING_PROPOSALS, type OfferProposalAnswer, type ProposalStatus } from '@tullab/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from '@tullab/web-kit/api/errors';
import { notify } from '@tullab/web-kit/notify';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetMerchantOfferQuery,
  useGetMerchantOffersQuery,
  useGetProposalsQuery,
  useWithdrawProposalMutation,
} from './api';
import { ConfirmDialog } from './components/ConfirmDialog';
import { ProposalForm } from './components/ProposalForm';
import { Loadable, PageTitle, Section } from './components/Section';
import { useFormat } from './format';

const statusColours: Record<ProposalStatus, ChipProps['color']> = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** One proposal: what it is, its status, staff's reason when rejected, and withdrawing it while pending. */
function ProposalCard({ proposal, onWithdraw }: { proposal: OfferProposalAnswer; onWithdraw: () => void }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const id = useId();
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, borderRadius: 2 }}
      data-testid="proposal"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <div>
          <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {proposal.fields.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`proposals.kinds.${proposal.kind}`)} · {format.moment(proposal.createdAt)}
          </Typography>
        </div>
        <div>
          <Chip
            size="small"
            color={statusColours[proposal.status]}
            label={t(`proposals.statuses.${proposal.status}`)}
          />
        </div>
      </Stack>
      {proposal.status === 'rejected' && proposal.reason ? (
        <Typography sx={{ mt: 1 }}>
          {t('proposals.reason')} {proposal.reason}
        </Typography>
      ) : null}
      {proposal.status === 'pending' ? (
        <Button size="small" color="warning" sx={{ mt: 1 }} onClick={onWithdraw}>
          {t('proposals.withdraw')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** The brand's offer proposals (issue 16) and the form to propose a new offer or an edit of one. */
export function ProposalsPage() {
  const { t } = useTranslation('merchant');
  const [search, setSearch] = useSearchParams();
  const editing = search.get('edit');
  const [formOpen, setFormOpen] = useState(editing !== null);
  const [withdrawing, setWithdrawing] = useState<OfferProposalAnswer | null>(null);
  const proposals = useGetProposalsQuery();
  const offers = useGetMerchantOffersQuery();
  // an edit starts from the offer's current fields
  const edited = useGetMerchantOfferQuery(editing ?? skipToken);
  const [withdraw, withdrawState] = useWithdrawProposalMutation();
  const formHeading = useRef<HTMLHeadingElement>(null);
  // decision 017: a brand has at most MAX_PENDING_PROPOSALS proposals waiting; the server refuses one more
  const pendingCount = (proposals.data ?? []).filter((proposal) => proposal.status === 'pending').length;
  const atLimit = pendingCount >= MAX_PENDING_PROPOSALS;

  useEffect(() => {
    if (formOpen) formHeading.current?.focus();
  }, [formOpen]);

  const closeForm = () => {
    setFormOpen(false);
    if (editing !== null) setSearch({}, { replace: true });
  };

  const onWithdraw = async () => {
    if (!withdrawing) return;
    try {
      await withdraw(withdrawing.id).unwrap();
      notify(t('proposals.withdrawnTitle'), t('proposals.withdrawn'), 'success');
      setWithdrawing(null);
    } catch (error) {
      notify(
        t('proposals.withdrawFailedTitle'),
        serverMessage(error) ?? t('proposals.withdrawFailed'),
        'error',
      );
    }
  };

  return (
    <>
      <PageTitle title={t('proposals.title')}>
        {formOpen ? null : (
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setFormOpen(true)}
            disabled={atLimit}
          >
            {t('proposals.propose')}
          </Button>
        )}
      </PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3, mt: -1.5 }}>
        {t('proposals.intro')}
      </Typography>
      {atLimit ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="proposals-limit">
          {t('proposals.limit', { max: MAX_PENDING_PROPOSALS })}
        </Alert>
      ) : null}
      {formOpen ? (
        <Paper
          component="section"
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}
          aria-labelledby="proposal-form-title"
        >
          <Typography
            id="proposal-form-title"
            ref={formHeading}
            tabIndex={-1}
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700, outline: 'none' }}
          >
            {t(editing ? 'proposals.editTitle' : 'proposals.newTitle')}
          </Typography>
          <Loadable query={offers}>
            {(list) =>
              editing ? (
                <Loadable query={edited}>
                  {(offer) => <ProposalForm offers={list} editing={offer} onDone={closeForm} />}
                </Loadable>
              ) : (
                <ProposalForm offers={list} onDone={closeForm} />
              )
            }
          </Loadable>
        </Paper>
      ) : null}
      <Section title={t('proposals.listTitle')}>
        <Loadable query={proposals}>
          {(list) =>
            list.length === 0 ? (
              <Typography>{t('proposals.none')}</Typography>
            ) : (
              <Stack spacing={2}>
                {list.map((proposal) => (
                  <ProposalCard
                    key={proposal.id}
                    proposal={proposal}
                    onWithdraw={() => setWithdrawing(proposal)}
                  />
                ))}
              </Stack>
            )
          }
        </Loadable>
      </Section>
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('proposals.withdrawConfirmTitle')}
        text={t('proposals.withdrawConfirm', { title: withdrawing?.fields.title ?? '' })}
        confirm={t('proposals.withdraw')}
        busy={withdrawState.isLoading}
        onConfirm={() => void onWithdraw()}
        onClose={() => setWithdrawing(null)}
      />
    </>
  );
}
