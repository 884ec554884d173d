// Starts the shop: `npm start` in this folder, with its configuration in the environment (README.md).
import { createStore } from './app.mjs';
import { ConfigError, loadConfig } from './config.mjs';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const server = createStore(config).listen(config.port, () => {
  console.info(`Sahara Kicks is open at ${config.storeUrl} (Tullab: ${config.tullabUrl})`);
  console.info(`Tullab sends students back to ${config.storeUrl}/tullab/callback: register it on your app.`);
  if (!config.webhookSecret) console.info('WEBHOOK_SECRET is not set: webhooks are refused.');
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
