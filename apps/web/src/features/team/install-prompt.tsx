import { useEffect, useState } from 'react';
import { INSTALL_PROMPT_HIDE_MS, INSTALL_PROMPT_SHOW_MS } from '@pmw/contract/team';
import { t } from './messages';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Captured as early as possible: the browser fires it once, maybe before the prompt mounts. */
let deferred: BeforeInstallPromptEvent | undefined;
const waiting = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    waiting.forEach((w) => w());
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
  });
}

/** 'Install' offered 2 s after the area opens (when the browser allows installing), gone 7 s later. */
export function InstallPrompt() {
  const [available, setAvailable] = useState(deferred !== undefined);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onReady = () => setAvailable(true);
    waiting.add(onReady);
    return () => {
      waiting.delete(onReady);
    };
  }, []);

  useEffect(() => {
    if (!available) return;
    const show = setTimeout(() => setVisible(true), INSTALL_PROMPT_SHOW_MS);
    const hide = setTimeout(() => setVisible(false), INSTALL_PROMPT_SHOW_MS + INSTALL_PROMPT_HIDE_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [available]);

  if (!visible || !deferred) return null;
  return (
    <aside className="card team-install" role="dialog" aria-labelledby="team-install-title" aria-describedby="team-install-text">
      <h2 id="team-install-title">{t('installTitle')}</h2>
      <p id="team-install-text" className="muted">
        {t('installText')}
      </p>
      <div className="team-install__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => setVisible(false)}>
          {t('notNow')}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            const e = deferred;
            deferred = undefined;
            setVisible(false);
            void e?.prompt();
          }}
        >
          {t('install')}
        </button>
      </div>
    </aside>
  );
}
