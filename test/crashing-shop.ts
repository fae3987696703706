// A shop process for src/server/modules/payments/local-page-crash.test.ts: the shop's own
// composition (configuration from the environment, services, app), without a worker, that ends
// itself the moment its local card page has recorded a payment and before the shop is told.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createServices } from '../src/server/services';

const config = loadConfig();
const services = await createServices(config, { seed: false });
const app = await buildApp({
  ...services,
  logger: false,
  afterPaymentRecorded: () => process.exit(86),
});
await app.listen({ host: config.host, port: config.port });
process.stdout.write('listening\n');
