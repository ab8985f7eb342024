import { beforeAll } from 'vitest';
import { loadCatalogues } from '../src/shared/i18n';

// Components read their texts synchronously; the browser app loads a page's catalogues before it renders, and so do the tests.
beforeAll(async () => {
  await loadCatalogues('en');
});
