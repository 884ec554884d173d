import { Router, type RequestHandler } from 'express';
import {
  addressKey,
  bindRoute,
  languageOf,
  parseListQuery,
  requireRole,
  sendList,
  requestIdOf,
} from '@tullab/http';
import type { OffersContext } from '../../context';
import { withinRate } from '../../http';
import { receiveLogo, sendLogo } from '../logos/store';
import {
  approveApplicationBody,
  merchantApplicationIdParams,
  merchantApplications,
  parseMerchantApplicationForm,
  rejectApplicationBody,
} from '@tullab/contracts';
import { listApplicationsOptions } from './schemas';
import { approveApplication, rejectApplication } from './decisions';
import { applicationLogo, getApplication, listApplications } from './records';
import { submitApplication } from './service';

/** Applications per client address per hour: the form stores a file and sends mail to an address it is given. */
const APPLICATIONS_PER_HOUR = 10;
/** The form has 20 text fields (17, and 3 optional Arabic texts); a few more are tolerated (and ignored). */
const MAX_FORM_FIELDS = 25;

/**
 * `POST /merchant-applications` (public, multipart; kept with the language its `Accept-Language` asks for, which the
 * applicant's e-mails are written in) and the staff resource `/admin/merchant-applications`: list, show,
 * the logo, approve (creates the offer) and reject. Decisions are audited (`/admin/offer-audit-log`).
 */
export function merchantApplicationRoutes(ctx: OffersContext): Router {
  const { em, log } = ctx;
  const router = Router();

  const perAddress: RequestHandler = async (req, _res, next) => {
    const message = 'Too many applications from this address. Please try again later.';
    await withinRate(
      ctx.limiter,
      `apply:${addressKey(req.identity.ip)}`,
      APPLICATIONS_PER_HOUR,
      3600,
      message,
    );
    next();
  };

  bindRoute(
    router,
    merchantApplications.routes.apply,
    async (_input, req, res) => {
      const { file, fields } = await receiveLogo(req, res, MAX_FORM_FIELDS);
      const form = parseMerchantApplicationForm({ ...fields, logoFile: file });
      const application = await submitApplication(ctx, form, file!, languageOf(req), requestIdOf(req));
      log.info(
        { applicationId: application.id, brandName: application.brandName },
        'merchant application received',
      );
      return {
        id: application.id,
        message: 'Thank you! We have received your application and will be in touch soon.',
      };
    },
    { before: [perAddress] },
  );

  const admin = '/admin/merchant-applications';
  router.use(admin, requireRole('staff', 'admin'));

  router.get(admin, async (req, res) => {
    const query = parseListQuery(req.query, listApplicationsOptions);
    const { items, total } = await listApplications(em, query);
    sendList(res, 'merchant-applications', items, total, query.offset);
  });

  router.get(`${admin}/:id`, async (req, res) => {
    const { id } = merchantApplicationIdParams.parse(req.params);
    res.json(await getApplication(em, id));
  });

  router.get(`${admin}/:id/logo`, async (req, res) => {
    const { id } = merchantApplicationIdParams.parse(req.params);
    await sendLogo(res, ctx.store, await applicationLogo(em, id), 'private, no-store');
  });

  router.post(`${admin}/:id/approve`, async (req, res) => {
    const { id } = merchantApplicationIdParams.parse(req.params);
    const { status } = approveApplicationBody.parse(req.body ?? {});
    const application = await approveApplication(em, id, status, req.identity, requestIdOf(req));
    ctx.catalogue.invalidate();
    log.info(
      { applicationId: id, offerId: application.offerId, by: req.identity.userId },
      'merchant application approved',
    );
    res.json(application);
  });

  router.post(`${admin}/:id/reject`, async (req, res) => {
    const { id } = merchantApplicationIdParams.parse(req.params);
    const { reason } = rejectApplicationBody.parse(req.body ?? {});
    const application = await rejectApplication(em, id, reason, req.identity, requestIdOf(req));
    log.info({ applicationId: id, by: req.identity.userId }, 'merchant application rejected');
    res.json(application);
  });

  return router;
}
