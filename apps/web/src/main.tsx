import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadCatalogues } from './shared/i18n';
import { startLocale } from './shared/locale-choice';
import './shared/styles.css';

// The language is known before the first render, and its shared texts are loaded.
const locale = startLocale();
void loadCatalogues(locale).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
