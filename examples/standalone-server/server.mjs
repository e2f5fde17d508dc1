// A standalone pricecat server started from code: lowdb store in ./example-data, bundled dictionary,
// API under /api. Run with `npm run build` at the root first, then `node server.mjs`.
import { createCatalogue } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { startServer } from '@pricecat/http';

const catalogue = await createCatalogue({
  storage: await createLowdbStorageInDir(process.env.DATA_DIR ?? './example-data'),
  services: await loadDefaultDictionary(),
});
const server = await startServer({ catalogue, port: Number(process.env.PORT ?? 8081), host: '127.0.0.1' });
console.log(`pricecat example server on ${server.url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
