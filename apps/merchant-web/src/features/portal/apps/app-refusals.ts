import { BRAND_APPS_PER_BRAND } from '@tullab/contracts';
import { serverCode, serverMessage } from '@tullab/web-kit/api/errors';
import i18n from 'i18next';
import { ruleText } from './app-form';

/**
 * What the Apps page says when a change of an app is refused, in the page's language, by the answer's code
 * (docs/errors.md): the brand's limit of apps, an app revoked meanwhile (by a colleague), a rule of the app's fields;
 * else the server's message, or `failed` (a catalogue key) when there is none.
 */
export function appRefusal(error: unknown, failed: string): string {
  switch (serverCode(error)) {
    case 'conflict':
      return i18n.t('merchant:apps.limit', { max: BRAND_APPS_PER_BRAND });
    case 'not_found':
      return i18n.t('merchant:apps.gone');
    default:
      return ruleText(serverMessage(error)) ?? i18n.t(failed);
  }
}
