import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18n, initialLanguage, loadLanguage } from './lib/i18n';
import './index.css';

document.documentElement.lang = i18n.language;

// A saved English or Spanish choice is fetched before the first paint, so no Portuguese flashes;
// if it cannot be fetched the console still starts, in Portuguese.
void loadLanguage(initialLanguage(i18n.language))
  .catch((err: unknown) => console.error(err))
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
