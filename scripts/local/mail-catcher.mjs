// Local mail: the SMTP catcher of @tullab/testing on 127.0.0.1:1025 and its page on 127.0.0.1:8025.
import { createRequire } from 'node:module';
import { explainListenError } from './failure.mjs';
import { startMailPage } from './mail-page.mjs';
import { say } from './output.mjs';

// loaded when used: packages/testing/dist exists only after the build
const require = createRequire(import.meta.url);
const HOST = '127.0.0.1';
export const SMTP_PORT = 1025;
export const MAIL_PAGE_PORT = 8025;

/** Starts the catcher and its page; each caught message is announced with a `mail` line unless `quiet`. */
export async function startMailCatcher({ quiet = false } = {}) {
  const { startSmtpCatcher } = require('@tullab/testing');
  const catcher = await startSmtpCatcher({ host: HOST, port: SMTP_PORT }).catch((err) => {
    throw explainListenError(err, 'SMTP catcher', SMTP_PORT, 'SMTP_URL');
  });
  if (!quiet) catcher.onMessage((mail) => say('mail', `to ${mail.to.join(', ')}: ${mail.subject}`));
  let page;
  try {
    page = await startMailPage(catcher, { host: HOST, port: MAIL_PAGE_PORT });
  } catch (err) {
    await catcher.close();
    throw explainListenError(err, 'mail page', MAIL_PAGE_PORT, 'SMTP_URL');
  }
  return {
    url: catcher.url,
    pageUrl: page.url,
    async stop() {
      await page.stop();
      await catcher.close();
    },
  };
}
