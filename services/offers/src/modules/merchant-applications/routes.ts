import { Router, type RequestHandler } from 'express';
import type { OffersContext } from '../../context';
import { languageOf, requestIdOf, bindRoute } from '@tullab/http';
import { addressKey } from '@tullab/rate-limits';
import { withinRate } from '../../http';
import { receiveLogo } from '../logos/store';
import { parseMerchantApplicationForm, merchantApplications } from '@tullab/contracts';
import { submitApplication } from './service';

/** Applications per client address per hour: the form stores a file and sends mail to an address it is given. */
const APPLICATIONS_PER_HOUR = 10;
/** The form has 20 text fields (17, and 3 optional Arabic texts); a few more are tolerated (and ignored). */
const MAX_FORM_FIELDS = 25;

/**
 * `POST /merchant-applications` (public, multipart; kept with the language its `Accept-Language` asks for, which the
 * applicant's e-mails are written in). Staff decide in `merchantApplicationAdminRoutes`.
 */
export function merchantApplicationRoutes(ctx: OffersContext): Router {
  const { log } = ctx;
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

  return router;
}
