import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { isApiError } from '@tullab/web-kit/api/errors';
import { DocumentTitle } from '@tullab/web-kit/components/DocumentTitle';
import { FormPage } from '@tullab/web-kit/components/FormPage';
import { PageLoading } from '@tullab/web-kit/components/PageLoading';
import { returnHereState } from '@tullab/web-kit/session/return-to';
import { paths } from '../../app/paths';
import { useGetConnectInteractionQuery } from './api';
import { ConsentForm } from './components/ConsentForm';
import { CONNECT_NAMESPACE } from './namespace';

/** The provider no longer has the interaction (it expired, was answered, or is another browser's): 404. */
const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * Verify with Tullab's consent screen (issue 30, decision 019), where a brand's checkout sends the student: the app
 * asking and what it would learn, for the signed-in student to allow or decline. A visitor signs in first and is sent
 * back here (the sign-in's return address, as every guarded page does); an expired request says so.
 */
export function ConnectPage() {
  const { t } = useTranslation(CONNECT_NAMESPACE);
  const { uid = '' } = useParams();
  const location = useLocation();
  const [gone, setGone] = useState(false);
  const { data, error, isError, isFetching, refetch } = useGetConnectInteractionQuery(uid);

  if (gone || isGone(error))
    return (
      <FormPage title={t('gone.title')} subtitle={t('gone.text')} documentTitle={t('documentTitle')}>
        <Button component={RouterLink} to={paths.home} variant="contained" size="large" fullWidth>
          {t('gone.home')}
        </Button>
      </FormPage>
    );
  if (data?.student === null) return <Navigate to={paths.login} replace state={returnHereState(location)} />;
  if (data?.student)
    return (
      <ConsentForm
        interaction={data}
        student={data.student}
        checking={isFetching}
        onCheckAgain={() => void refetch()}
        onGone={() => setGone(true)}
      />
    );
  if (isError && !isFetching)
    return (
      <FormPage title={t('failed.title')} subtitle={t('failed.text')} documentTitle={t('documentTitle')}>
        <Button onClick={() => void refetch()} variant="contained" size="large" fullWidth>
          {t('failed.retry')}
        </Button>
      </FormPage>
    );
  return (
    <>
      <DocumentTitle title={t('documentTitle')} />
      <PageLoading label={t('loading')} />
    </>
  );
}
