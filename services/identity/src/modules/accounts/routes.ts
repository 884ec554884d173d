import type { Router } from 'express';
import type { IdentityContext } from '../../context';
import { accountActionBody, accountIdParams } from '@tullab/contracts';
import {
  actOnAccount,
  showAccount,
  type AccountAction,
  type AccountGuard,
  type AccountScope,
} from './service';
import { requestIdOf } from '@tullab/http';

/**
 * `GET <path>/:id` and `POST <path>/:id/<action>` for each action, on a console resource over accounts: each answers
 * the record, as react-admin's getOne and custom actions expect.
 */
export function accountRoutes<R>(
  router: Router,
  ctx: Pick<IdentityContext, 'em' | 'log'>,
  path: string,
  scope: AccountScope<R>,
  actions: AccountAction[],
  guard?: AccountGuard,
): void {
  const { em, log } = ctx;
  router.get(`${path}/:id`, async (req, res) => {
    const { id } = accountIdParams.parse(req.params);
    res.json(await showAccount(em, scope, id));
  });
  for (const name of actions) {
    router.post(`${path}/:id/${name}`, async (req, res) => {
      const { id } = accountIdParams.parse(req.params);
      const { reason } = accountActionBody.parse(req.body ?? {});
      res.json(
        await actOnAccount(em, log, scope, { id, name, reason, guard }, req.identity, requestIdOf(req)),
      );
    });
  }
}
