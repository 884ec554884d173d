import type { Router } from 'express';
import type { AccountActionRoute, AccountRecordRoute } from '@tullab/contracts';
import { bindRoute, requestIdOf } from '@tullab/http';
import type { IdentityContext } from '../../context';
import {
  actOnAccount,
  showAccount,
  type AccountAction,
  type AccountGuard,
  type AccountScope,
} from './service';

/**
 * `GET <resource>/:id` and `POST <resource>/:id/<action>` for each action, on a console resource over accounts: each
 * answers the record, as react-admin's getOne and custom actions expect.
 */
export function accountRoutes<R extends object>(
  router: Router,
  ctx: Pick<IdentityContext, 'em' | 'log'>,
  scope: AccountScope<R>,
  show: AccountRecordRoute,
  actions: Partial<Record<AccountAction, AccountActionRoute>>,
  guard?: AccountGuard,
): void {
  const { em, log } = ctx;
  bindRoute(router, show, ({ params }) => showAccount(em, scope, params.id));
  for (const [name, route] of Object.entries(actions) as [AccountAction, AccountActionRoute][]) {
    bindRoute(router, route, ({ params, body }, req) =>
      actOnAccount(
        em,
        log,
        scope,
        { id: params.id, name, reason: body.reason, guard },
        req.identity,
        requestIdOf(req),
      ),
    );
  }
}
