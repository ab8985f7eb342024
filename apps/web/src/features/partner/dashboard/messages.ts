import { defineCatalogue } from '../../../shared/i18n';
import type en from './messages.en';

/** Each language is its own chunk: a reader downloads only the one they read. */
export const t = defineCatalogue<typeof en>({ en: () => import('./messages.en'), hi: () => import('./messages.hi') });
